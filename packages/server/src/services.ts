/**
 * The composition root: every service of the server, built from explicit dependencies. A
 * service never reaches for a module-level database or clock; tests build the same graph.
 */
import { limits } from '@open/protocol/limits';
import type { Lang } from '@open/protocol/locales';
import { createAuditService } from './audit/audit.service.js';
import { createAccountService } from './auth/account.service.js';
import { createBasicService } from './auth/basic.service.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { createLoginTokens } from './auth/login-token.js';
import { hashPassword, verifyPassword } from './auth/password.js';
import { weakPassword } from './auth/password-policy.js';
import { createSessionService } from './auth/session.js';
import type { Clock } from './clock.js';
import type { SecretBox } from './secret-box.js';
import { DEFAULT_DOC_FALLBACK_LANGS, type TelephonySettings } from './config.js';
import { createCtiService, type CtiLog, type CtiOptions } from './cti/cti.service.js';
import { createTelephony, noTelephony } from './telephony/telephony.service.js';
import type { EdgeRoutes } from './telephony/edge-routes.js';

export type { EdgeRoutes } from './telephony/edge-routes.js';
import { toAgentProfile, toTenantProfile } from './cti/profiles.js';
import { createAttachmentService } from './content/attachments/attachment.service.js';
import { createCategoryCmsService } from './content/categories/category-cms.service.js';
import { createCategoryService } from './content/categories/category.service.js';
import { renderOptionsFor } from './content/markdown/render-options.js';
import { createResourceCmsService } from './content/resources/resource-cms.service.js';
import { createResourceService } from './content/resources/resource.service.js';
import { createVersionService } from './content/versions/version.service.js';
import type { Executor } from './db/executor.js';
import type { ReadCache } from './db/read-cache.js';
import { createHealthService } from './health.service.js';
import { createLocaleService } from './i18n/locale.service.js';
import type { Lifecycle } from './lifecycle.js';
import { createMemoryStore, type BlobStore } from './storage/blob-store.js';
import { createTrunkAdminService } from './telephony/trunk-admin.service.js';
import { createCallCentreAdminService } from './tenants/call-centre-admin.service.js';
import { createWebhooks } from './webhooks/webhooks.service.js';
import { createEventStreamService } from './event-stream/event-stream.service.js';
import { findTenant } from './tenants/tenant.data.js';
import { createTenantService } from './tenants/tenant.service.js';

export interface ServiceDeps {
  db: Executor;
  /**
   * Cache of what the documentation side reads (the published reads' answers, the category
   * rows); writes to published content drop it.
   */
  readCache: ReadCache;
  clock: Clock;
  /** Where long-lived parts register their shutdown. */
  lifecycle: Lifecycle;
  /** Attachment bytes: main.ts passes files under DATA_DIR; absent, they are kept in memory (tests, tools). */
  blobStore?: BlobStore;
  /** The largest attachment upload in bytes (ATTACHMENT_MAX_BYTES). */
  attachmentMaxBytes?: number;
  /** The server is reachable from other machines: the demo password must be changed first. */
  requireDemoPasswordChange?: boolean;
  /** The call centre's timings and clock (tests shorten them). */
  cti?: CtiOptions;
  /** LOGIN_TOKEN_TTL: how long a login token lasts, in seconds (15 minutes when left out). */
  loginTokenSeconds?: number;
  /** DOC_FALLBACK_LANGS: where a reader goes when a document lacks the asked language (English, then zh-CN, when left out). */
  docFallbackLangs?: readonly Lang[];
  /** SIP_LISTEN and RTPENGINE_NG: what a tenant's trunk needs to be switched on; none when left out. */
  telephony?: TelephonySettings;
  /** SECRETS_KEY's box: a trunk's password is stored sealed with it; none, and none can be stored. */
  secrets?: SecretBox | null;
  /** Where long-lived parts log (the server's logger; the console when left out, as in tests). */
  log?: CtiLog;
  /** Several nodes behind the SIP edge: where this node tells the edge its address and the trunks' routes. */
  sipEdgeRoutes?: EdgeRoutes | null;
  /** Webhooks: whether they may post to this machine and private networks (WEBHOOK_PRIVATE_TARGETS), and timings for tests. */
  webhooks?: Pick<Parameters<typeof createWebhooks>[0], 'allowPrivate' | 'dispatcher'>;
  /** Event streams: shorter looks, key checks and heartbeats, for tests. */
  eventStreams?: Parameters<typeof createEventStreamService>[0]['streamTimings'];
}

/**
 * What a CRM's back end hears of the call centre: webhooks (docs/WEBHOOKS.md) and the event stream
 * (docs/EVENT-STREAM.md), over one event log: the streams read what it stores, and a tenant's
 * events are stored once it has a webhook or an API key.
 */
function createCrmEvents(deps: ServiceDeps) {
  const streams = createEventStreamService({
    db: deps.db,
    clock: deps.clock,
    lifecycle: deps.lifecycle,
    log: deps.log ?? console,
    streamTimings: deps.eventStreams ?? {},
  });
  const webhooks = createWebhooks({
    db: deps.db,
    clock: deps.clock,
    secrets: deps.secrets ?? null,
    lifecycle: deps.lifecycle,
    allowPrivate: deps.webhooks?.allowPrivate ?? false,
    ...(deps.webhooks?.dispatcher ? { dispatcher: deps.webhooks.dispatcher } : {}),
    ...(deps.log ? { log: deps.log } : {}),
    onEventsStored: (tenantIds) => {
      streams.streams.stored(tenantIds);
    },
  });
  streams.storeEventsWith(webhooks.events);
  return { webhooks, streams };
}

export function createServices(deps: ServiceDeps) {
  const { db, clock, readCache } = deps;
  const sessions = createSessionService({ db, clock, requireDemoPasswordChange: deps.requireDemoPasswordChange });
  const throttle = createLoginThrottle({ db, clock });
  // The SIP side of the call centre, when this node runs trunks (deps.cti.telephony): the engine
  // sees it only through its port, the Trunks of outside-line.ts.
  const trunks = deps.cti?.telephony
    ? createTelephony({
        settings: deps.cti.telephony,
        db,
        secrets: deps.secrets ?? null,
        log: deps.log ?? console,
        edgeRoutes: deps.sipEdgeRoutes ?? null,
      })
    : noTelephony;
  // Before the call centre, so they close after it: the events of the calls the call centre
  // ends on its way out are still stored.
  const { webhooks, streams } = createCrmEvents(deps);
  const cti = createCtiService({
    db,
    lifecycle: deps.lifecycle,
    options: deps.cti ?? {},
    trunks,
    events: webhooks.events,
  });
  const tokens = createLoginTokens({
    db,
    clock,
    tenantKey: async (id) => (await findTenant(db, id))?.signing_key,
    ...(deps.loginTokenSeconds === undefined ? {} : { lifetimeSeconds: deps.loginTokenSeconds }),
  });
  const tenants = createTenantService({ db });
  const categories = createCategoryService({ db, readCache });
  const resources = createResourceService({
    db,
    clock,
    categories,
    renderOptionsFor,
    fallbackLangs: deps.docFallbackLangs ?? DEFAULT_DOC_FALLBACK_LANGS,
  });
  const attachments = createAttachmentService({
    db,
    store: deps.blobStore ?? createMemoryStore(),
    maxBytes: deps.attachmentMaxBytes ?? limits.attachmentBytesDefault,
  });
  return {
    readCache,
    sessions,
    accounts: createAccountService({ db, sessions, throttle, clock }),
    tokens,
    basic: createBasicService({
      db,
      clock,
      tokens,
      throttle,
      refuseDemoPassword: deps.requireDemoPasswordChange ?? false,
    }),
    cti,
    callCentre: createCallCentreAdminService({
      db,
      clock,
      hashPassword,
      verifyPassword,
      weakPassword,
      onAgentChanged: ({ agentId, tenantId, agent }) =>
        cti.agentChanged(tenantId, agentId, agent ? toAgentProfile(agent) : null),
      onTenantChanged: (tenant) => cti.updateTenant(toTenantProfile(tenant)),
    }),
    trunks: createTrunkAdminService({
      db,
      clock,
      telephony: deps.telephony ?? { sip: null, relays: [] },
      secrets: deps.secrets ?? null,
      carriers: (trunk) => trunks.carriers(trunk),
      onTrunkChanged: async (tenantId) => {
        // This node's SIP side (the directory of DIDs), then the tenant's owner, maybe another node.
        trunks.changed();
        await cti.trunkChanged(tenantId);
      },
    }),
    webhooks: webhooks.admin,
    apiKeys: streams.apiKeys,
    eventStreams: streams,
    audit: createAuditService({ db, clock }),
    attachments,
    tenants,
    locales: createLocaleService({ tenants }),
    versions: createVersionService({ db, clock }),
    categories,
    resources,
    categoryCms: createCategoryCmsService({ db, clock }),
    resourceCms: createResourceCmsService({ db, clock, resources, renderOptionsFor, attachments }),
    health: createHealthService({ db, trunks: () => trunks.health() }),
    /**
     * Starts the background work a serving node does (the webhooks' event log and deliveries);
     * the app calls it. Services built only to seed or read content never poll the database.
     */
    start: (): Promise<void> => webhooks.start(),
  };
}

export type Services = ReturnType<typeof createServices>;

// What the transport (http/) needs of the domain beyond the services themselves: it reaches the
// domain only through this file, so a change inside a domain folder never ripples into http/.
export { AUDITED_FAILURES, type AuditNote } from './audit/audit.service.js';
export { toLoginUser, type SignedInUser } from './auth/session.js';
