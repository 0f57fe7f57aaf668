import { trunkHostConcern } from '@open/protocol/trunk';
import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';
import { pageOf } from '../paging.js';

/** Tenants, their agents and their SIP trunks (admins only). */
export function cmsCallCentreRoutes(defineApi: DefineApi, { callCentre, trunks }: Services): void {
  defineApi('cms/get_tenant_list', ({ body }) => callCentre.listTenants(pageOf(body)));
  defineApi('cms/set_tenant_info', ({ body }) => callCentre.setTenant(body));
  defineApi('cms/reset_tenant_sso_token', ({ body }) => callCentre.resetSsoToken(body._id));
  defineApi('cms/get_agent_list', ({ body }) => callCentre.listAgents(body, pageOf(body)));
  defineApi('cms/set_agent_info', ({ body }) => callCentre.setAgent(body));
  defineApi('cms/remove_agent_info', ({ body }) => callCentre.removeAgent(body._id));
  defineApi('cms/get_trunk', ({ body }) => trunks.getTrunk(body.tenant_id));
  defineApi('cms/set_trunk', async ({ body, audit, request }) => {
    const { trunk, passwordChange } = await trunks.setTrunk(body);
    // Allowed for a test carrier beside the server, but a production trunk there is a mistake
    // or an attempt to reach what only the node may reach: the operator should know.
    if (trunkHostConcern(trunk.host) === 'loopback') {
      request.log.warn(
        { tenant_id: body.tenant_id, host: trunk.host },
        'a SIP trunk points at this node itself (a loopback host): fine for a test carrier, never for a real one',
      );
    }
    // The body's password is redacted like every secret; the entry says only what became of it.
    audit.target = { id: body.tenant_id, name: trunk.host };
    audit.detail = { password_change: passwordChange };
    return trunk;
  });
  defineApi('cms/remove_trunk', async ({ body, audit }) => {
    audit.target = { id: body.tenant_id };
    return trunks.removeTrunk(body.tenant_id);
  });
}
