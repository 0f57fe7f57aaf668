import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { limits } from '@open/protocol/limits';
import type { Lang } from '@open/protocol/locales';
import { diagTransferRoutes } from './api/diag/diag-transfer.js';
import { eventStreamRoute } from './api/events/event-stream.route.js';
import { createTransferBudget, unlimitedTransfers } from './api/diag/transfer-budget.js';
import { registerApi } from './api/index.js';
import { systemClock, type Clock } from './clock.js';
import type { Executor } from './db/executor.js';
import { noReadCache, type ReadCache } from './db/read-cache.js';
import { installDrain } from './http/drain.js';
import { installBodyDeadline } from './http/body-deadline.js';
import { installJsonBody } from './http/json-body.js';
import { answerClientError, answerFrameworkError, installErrorHandling } from './http/error-handler.js';
import { attachmentDownloadRoute } from './http/attachment-download.js';
import { operationsRoutes } from './http/operations.js';
import { defaultSoftphoneDir, serveClient } from './http/static.js';
import { trustProxyWarning, type TelephonySettings } from './config.js';
import type { SecretBox } from './secret-box.js';
import type { CtiOptions } from './cti/cti.service.js';
import { registerCtiGateway } from './cti/gateway/gateway.js';
import { createLifecycle, type Lifecycle } from './lifecycle.js';
import { createServices, type EdgeRoutes, type ServiceDeps } from './services.js';
import { ApiError } from './errors.js';
import type { BlobStore } from './storage/blob-store.js';

export { HEALTH_PATH, OPENAPI_PATH } from './http/operations.js';

export interface AppOptions {
  db: Executor;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web client; left out, nothing is served but the API. */
  clientDir?: string | undefined;
  /** Trust X-Forwarded-* from these reverse proxies (for the client address and https). */
  trustProxy?: false | number | string[];
  /** Cache of published data; none by default (see db/read-cache.ts for when one is safe). */
  readCache?: ReadCache;
  clock?: Clock;
  /** Parts the caller opened (the database) register their close here; the app closes them last. */
  lifecycle?: Lifecycle;
  /** How long a request may take to arrive in full, headers and body (default 30 s). */
  requestTimeoutMs?: number;
  /** Where attachment bytes are kept (main.ts: files under DATA_DIR); in memory when left out. */
  blobStore?: BlobStore;
  /** The largest attachment upload in bytes (default `limits.attachmentBytesDefault`). */
  attachmentMaxBytes?: number;
  /**
   * Bytes of the bandwidth test one address may move at once, refilled over 15 minutes
   * (DIAG_TRANSFER_LIMIT_MB); 0 or left out: no limit.
   */
  diagTransferLimitBytes?: number;
  /**
   * The server is reachable from other machines (HOST is not loopback): an account still on
   * the published demo password must change it before anything else.
   */
  requireDemoPasswordChange?: boolean;
  /** The softphone socket's timings and clock (tests shorten them). */
  cti?: CtiOptions;
  /** Pages allowed to frame the phone (PHONE_FRAME_ANCESTORS); our own pages when left out. */
  phoneFrameAncestors?: string[];
  /** Folder of the built softphone (dist/sdk, dist/phone); packages/softphone/dist when left out. */
  softphoneDir?: string;
  /** DOC_FALLBACK_LANGS: where a reader goes when a document lacks the asked language (English, then zh-CN, when left out). */
  docFallbackLangs?: readonly Lang[];
  /** LOGIN_TOKEN_TTL: how long a login token lasts, in seconds (15 minutes when left out). */
  loginTokenSeconds?: number;
  /** SIP_LISTEN and RTPENGINE_NG as configured: without both, no tenant's trunk can be switched on. */
  telephony?: TelephonySettings;
  /** Seals and opens the secrets stored (SECRETS_KEY); none when left out, and none can be stored. */
  secrets?: SecretBox | null;
  /** Several nodes behind the SIP edge: where this node tells the edge its address and the trunks' routes. */
  sipEdgeRoutes?: EdgeRoutes | null;
  /** Webhooks: posts to this machine and private networks allowed (WEBHOOK_PRIVATE_TARGETS; refused when left out), test timings. */
  webhooks?: ServiceDeps['webhooks'];
  /** Event streams: shorter looks, key checks and heartbeats, for tests. */
  eventStreams?: ServiceDeps['eventStreams'];
}

/** A hop count becomes the function Fastify's types expect: trust the first `hops` proxies. */
function toTrustProxy(value: AppOptions['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value ?? false;
}

/** Assembles the server: plugins, hooks, the API areas, the operations routes and the client. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: limits.bodyBytes,
    trustProxy: toTrustProxy(options.trustProxy),
    // Answer in-flight requests on shutdown, but do not wait for idle keep-alive sockets.
    forceCloseConnections: 'idle',
    // http/drain.ts answers during the drain instead, in the envelope and with the request id.
    return503OnClosing: false,
    // A body that never finishes arriving must not hold a connection for ever. Node checks
    // the limit every `connectionsCheckingInterval`, so that is kept well below it.
    requestTimeout,
    // Node answers a request without Host with an empty 400; the hook below says why, in the envelope.
    http: { connectionsCheckingInterval: Math.min(1_000, requestTimeout), requireHostHeader: false },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  const proxyWarning = trustProxyWarning(options.trustProxy);
  if (proxyWarning !== undefined) app.log.warn(proxyWarning);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; a text/plain body (what a cross-site form can send) is refused.
  app.removeContentTypeParser(['text/plain']);
  installJsonBody(app);
  installErrorHandling(app);
  installBodyDeadline(app, requestTimeout);

  app.addHook('onRequest', (request, reply, done) => {
    // The id of this request in the logs: a user can quote it, and support can find the line.
    void reply.header('x-request-id', request.id);
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // RFC 9112 §3.2: an HTTP/1.1 request without Host is refused (the cross-site check needs it too).
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') done(new ApiError('missingHost'));
    else done();
  });
  installDrain(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Open platform API',
        version: '1.0.0',
        description:
          'Every call is POST with a JSON body; every answer is { code, message, data } and code 0 means success.',
      },
    },
    transform: jsonSchemaTransform,
  });

  const lifecycle = options.lifecycle ?? createLifecycle();
  const services = createServices({
    db: options.db,
    readCache: options.readCache ?? noReadCache,
    clock: options.clock ?? systemClock,
    lifecycle,
    ...(options.blobStore ? { blobStore: options.blobStore } : {}),
    ...(options.attachmentMaxBytes ? { attachmentMaxBytes: options.attachmentMaxBytes } : {}),
    requireDemoPasswordChange: options.requireDemoPasswordChange ?? false,
    cti: options.cti ?? {},
    ...(options.docFallbackLangs ? { docFallbackLangs: options.docFallbackLangs } : {}),
    ...(options.loginTokenSeconds ? { loginTokenSeconds: options.loginTokenSeconds } : {}),
    ...(options.telephony ? { telephony: options.telephony } : {}),
    secrets: options.secrets ?? null,
    sipEdgeRoutes: options.sipEdgeRoutes ?? null,
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    ...(options.eventStreams ? { eventStreams: options.eventStreams } : {}),
    log: app.log,
  });
  app.addHook('onClose', () => lifecycle.close());
  void services.start();

  await registerApi(app, services);
  await registerCtiGateway(app, { tokens: services.tokens, lifecycle, cti: services.cti });
  operationsRoutes(app, services);
  eventStreamRoute(app, services);
  attachmentDownloadRoute(app, services);
  const clock = options.clock ?? systemClock;
  diagTransferRoutes(
    app,
    options.diagTransferLimitBytes
      ? createTransferBudget({ capacityBytes: options.diagTransferLimitBytes, refillMs: 15 * 60_000, clock })
      : unlimitedTransfers,
  );
  if (options.clientDir) {
    await serveClient(app, options.clientDir, {
      dir: options.softphoneDir ?? defaultSoftphoneDir,
      frameAncestors: options.phoneFrameAncestors ?? ["'self'"],
    });
  }
  return app;
}
