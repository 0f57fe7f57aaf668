import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';
import { pageOf } from '../paging.js';

/** Tenants and agents of the call centre (admins only). */
export function cmsCallCentreRoutes(defineApi: DefineApi, { callCentre }: Services): void {
  defineApi('cms/get_tenant_list', ({ body }) => callCentre.listTenants(pageOf(body)));
  defineApi('cms/set_tenant_info', ({ body }) => callCentre.setTenant(body));
  defineApi('cms/reset_tenant_sso_token', ({ body }) => callCentre.resetSsoToken(body._id));
  defineApi('cms/get_agent_list', ({ body }) => callCentre.listAgents(body, pageOf(body)));
  defineApi('cms/set_agent_info', ({ body }) => callCentre.setAgent(body));
  defineApi('cms/remove_agent_info', ({ body }) => callCentre.removeAgent(body._id));
}
