/**
 * Wire schemas of every API call, one file per area under api/: one definition validates the
 * body on the server, shapes and checks the answer, generates the OpenAPI document and gives
 * the client its types. The client imports types only (`import type`), so zod stays out of
 * its bundle.
 */
import type { z } from 'zod';
import { basicApi } from './api/basic.js';
import { cmsApi } from './api/cms.js';
import { cmsCallCentreApi } from './api/cms-call-centre.js';
import { cmsWebhooksApi } from './api/cms-webhooks.js';
import { ctiApi } from './api/cti.js';
import { eventsApi } from './api/events.js';
import { diagApi } from './api/diag.js';
import { docApi } from './api/doc.js';
import { globalApi } from './api/global.js';

export { API_PREFIX } from './paths.js';
export { langSchema, listBody, text, isStorableText } from './api/common.js';
export type { ApiRoute, RouteCache, RouteEffect, RouteGuard } from './api/common.js';
export { loginUser, type LoginUser } from './api/global.js';
export { loginToken, ssoAccountTypes, type LoginToken } from './api/basic.js';
export { cmsAgent, cmsTenant, cmsTrunk, type CmsAgent, type CmsTenant, type CmsTrunk } from './api/cms-call-centre.js';
export { cmsWebhook, cmsWebhookDelivery, type CmsWebhook, type CmsWebhookDelivery } from './api/cms-webhooks.js';
export { callEvent, cmsApiKey, eventStreamBody, type CallEvent, type CmsApiKey } from './api/events.js';
export { docVersion, localeConf, type DocCategory, type DocVersion, type LocaleConf } from './api/doc.js';
export {
  cmsVersion,
  type AuditEntry,
  type CmsAccount,
  type CmsAttachment,
  type CmsCategory,
  type CmsResource,
  type CmsResourceItem,
  type CmsVersion,
  type ContentStatus,
  type Role,
} from './api/cms.js';

export const apiSchemas = {
  ...globalApi,
  ...docApi,
  ...cmsApi,
  ...cmsCallCentreApi,
  ...cmsWebhooksApi,
  ...eventsApi,
  ...basicApi,
  ...ctiApi,
  ...diagApi,
};

export type ApiPath = keyof typeof apiSchemas;
export type ApiBody<P extends ApiPath> = z.input<(typeof apiSchemas)[P]['body']>;
export type ApiData<P extends ApiPath> = z.output<(typeof apiSchemas)[P]['data']>;

/** The envelope every answer travels in (DESIGN §4). */
export interface ApiEnvelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}
