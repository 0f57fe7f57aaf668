/** Every area of the API, registered on one app from one set of services. */
import type { FastifyInstance } from 'fastify';
import { createApiRouter } from '../http/route.js';
import type { Services } from '../services.js';
import { basicRoutes } from './basic/basic.routes.js';
import { ctiRoutes } from './cti/cti.routes.js';
import { diagRoutes } from './diag/diag.routes.js';
import { cmsCallCentreRoutes } from './cms/call-centre.routes.js';
import { cmsWebhookRoutes } from './cms/webhooks.routes.js';
import { cmsApiKeyRoutes } from './cms/api-keys.routes.js';
import { eventRoutes } from './events/events.routes.js';
import { cmsAccountRoutes } from './cms/accounts.routes.js';
import { cmsAttachmentRoutes } from './cms/attachments.routes.js';
import { cmsCategoryRoutes } from './cms/categories.routes.js';
import { cmsResourceRoutes } from './cms/resources.routes.js';
import { cmsVersionRoutes } from './cms/versions.routes.js';
import { docRoutes } from './doc/doc.routes.js';
import { globalRoutes } from './global/global.routes.js';

const areas = [
  globalRoutes,
  docRoutes,
  cmsVersionRoutes,
  cmsCategoryRoutes,
  cmsResourceRoutes,
  cmsAttachmentRoutes,
  cmsAccountRoutes,
  cmsCallCentreRoutes,
  cmsWebhookRoutes,
  cmsApiKeyRoutes,
  eventRoutes,
  basicRoutes,
  ctiRoutes,
  diagRoutes,
];

export async function registerApi(app: FastifyInstance, services: Services): Promise<void> {
  const router = createApiRouter(services);
  for (const area of areas) area(router.defineApi, services);
  await router.mount(app);
}
