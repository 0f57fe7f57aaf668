import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';
import { pageOf } from '../paging.js';

/** A tenant's webhooks and their delivery log (admins only; docs/WEBHOOKS.md). */
export function cmsWebhookRoutes(defineApi: DefineApi, { webhooks }: Services): void {
  defineApi('cms/get_webhook_list', ({ body }) => webhooks.list(body.tenant_id));
  defineApi('cms/set_webhook', async ({ body, audit }) => {
    const saved = await webhooks.set(body);
    audit.target = { id: saved._id, name: saved.url };
    return saved;
  });
  defineApi('cms/remove_webhook', async ({ body, audit }) => {
    audit.target = { id: body._id };
    return webhooks.remove(body._id);
  });
  defineApi('cms/rotate_webhook_secret', async ({ body, audit }) => {
    const rotated = await webhooks.rotateSecret(body._id);
    audit.target = { id: rotated._id, name: rotated.url };
    return rotated;
  });
  defineApi('cms/test_webhook', ({ body }) => webhooks.test(body._id));
  defineApi('cms/get_webhook_delivery_list', ({ body }) =>
    webhooks.deliveries({ webhook_id: body.webhook_id, status: body.status }, pageOf(body)),
  );
  defineApi('cms/redeliver_webhook', ({ body }) => webhooks.redeliver(body.delivery_id));
}
