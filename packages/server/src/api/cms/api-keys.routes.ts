import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';

/** A tenant's API keys (admins only; docs/EVENT-STREAM.md). */
export function cmsApiKeyRoutes(defineApi: DefineApi, { apiKeys }: Services): void {
  defineApi('cms/get_api_key_list', ({ body }) => apiKeys.list(body.tenant_id));
  defineApi('cms/create_api_key', async ({ body, audit }) => {
    const created = await apiKeys.create(body.tenant_id, body.name);
    audit.target = { id: created._id, name: created.name };
    return created;
  });
  defineApi('cms/remove_api_key', async ({ body, audit }) => {
    audit.target = { id: body._id };
    return apiKeys.remove(body._id);
  });
}
