import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';

export function ctiRoutes(defineApi: DefineApi, { tokens, cti }: Services): void {
  defineApi('cti/simulate_inbound_call', async ({ body }) => {
    const { tenantId } = await tokens.verify(body.token, 'cti');
    return cti.inbound(tenantId, body.from, body.data);
  });
}
