import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, isLoopbackHost, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import {
  hasEmbeddedDatabase,
  openDatabase,
  pgliteFolderOf,
  type Database,
  type OpenedDatabase,
} from './db/database.js';
import { createMemoryReadCache } from './db/read-cache.js';
import { createPgReadCacheInvalidation } from './db/read-cache-invalidation.js';
import { demoAdmin, demoAgentPassword } from './demo-credentials.js';
import { demoAgents } from './seed/demo-tenant.js';
import { systemClock } from './clock.js';
import { firstStartInChildProcess } from './start/first-start-child.js';
import { prepareDatabase } from './start/prepare-database.js';
import { CLIENT_BASE } from '@open/protocol/paths';
import { HEALTH_PATH } from './http/operations.js';
import { defaultClientDir } from './http/static.js';
import { createLifecycle, type Lifecycle } from './lifecycle.js';
import type { BlobStore } from './storage/blob-store.js';
import { createFileStore } from './storage/file-store.js';
import { createRedisCluster } from './cti/bus/redis-bus.js';
import { createEdgeRoutes } from './telephony/edge-routes.js';
import { findAgentsByEmail } from './tenants/agent.data.js';
import { findSiteTenant } from './tenants/tenant.data.js';
import { BACKUP_SOCKET_NAME, startOnlineBackup } from './db/online-backup.js';
import { createRetention } from './retention.js';
import { adminPasswordRefusal } from './auth/account-password.js';
import { createSecretBox, SecretError, type SecretBox } from './secret-box.js';
import { settleTrunkSecrets } from './telephony/trunk-secrets.js';

/** The configuration from the environment; a process with a bad one stops here, saying why. */
function configOrExit(): Config {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // The blocklist lives with the passwords (auth/), above the configuration's floor.
  const refusal = adminPasswordRefusal(config.adminPassword);
  if (refusal !== undefined) {
    console.error(`Configuration error: ${refusal}`);
    process.exit(1);
  }
  return config;
}

/**
 * The database opened, migrated and seeded, with the accounts still on the demo password; a
 * process that cannot open it stops here, saying which database.
 */
async function databaseOrExit(config: Config) {
  const where = config.databaseUrl ? 'the PostgreSQL of DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  let opened;
  let seeded;
  let onDemoPassword: string[];
  const options = { adminPassword: config.adminPassword, docFallbackLangs: config.docFallbackLangs };
  try {
    // A new embedded database is made, migrated and seeded by a process of its own (first-start.ts).
    const firstStart = !config.databaseUrl && !hasEmbeddedDatabase(config.dataDir);
    const seededFirst = firstStart ? await firstStartInChildProcess(pgliteFolderOf(config.dataDir), options) : false;
    opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const prepared = await prepareDatabase(opened.db, options);
    seeded = seededFirst || prepared.seeded;
    // ADMIN_PASSWORD replaces the demo password where it is still in use, never a chosen one.
    onDemoPassword = await prepared.accounts.settleDemoPasswords(config.adminPassword);
  } catch (error) {
    console.error(`Cannot open ${where}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  return { opened, seeded, onDemoPassword };
}

/**
 * Every stored secret sealed with the first key of SECRETS_KEY before the node takes calls: a
 * password from before sealing is sealed, one sealed with an earlier key re-sealed. A process
 * whose keys cannot open one, or that has none while one is stored, stops here, saying which.
 */
async function secretsOrExit(config: Config, db: Database, secrets: SecretBox | null): Promise<void> {
  try {
    const { sealed, resealed, forgotten } = await settleTrunkSecrets(db, secrets, {
      forgetUnreadable: config.secretsForgetUnreadable,
    });
    if (sealed + resealed > 0) {
      console.log(
        `Secrets: ${sealed} SIP trunk password(s) stored in the clear now sealed, ${resealed} re-sealed with the key ${secrets?.currentKeyId ?? ''}.`,
      );
    }
    if (forgotten.length) {
      console.warn(
        `Secrets: the SIP trunk passwords of ${forgotten.map((id) => `"${id}"`).join(', ')} opened with no key and were cleared (SECRETS_FORGET_UNREADABLE): type them again in the CMS, then remove the setting.`,
      );
    }
  } catch (error) {
    if (!(error instanceof SecretError)) throw error;
    console.error(`Cannot start: ${error.message}`);
    await db.destroy();
    process.exit(1);
  }
}

/** The app built on the opened database, with the lifecycle that closes it, not yet listening. */
async function startApp(
  config: Config,
  { db, kind, connection }: OpenedDatabase,
  blobStore: BlobStore,
  requireDemoPasswordChange: boolean,
  secrets: SecretBox | null,
) {
  // Registered first, so it closes last: after every part that may still use it.
  const lifecycle = createLifecycle();
  lifecycle.onClose('database', () => db.destroy());
  // The embedded database has one owner, this process, so it sees every write. On PostgreSQL
  // other nodes may write too: a write anywhere drops every node's cache (LISTEN/NOTIFY).
  const cache = createMemoryReadCache();
  const invalidation =
    kind === 'postgres' && connection ? createPgReadCacheInvalidation({ cache, db, connection, lifecycle }) : undefined;
  const readCache = invalidation?.readCache ?? cache;
  // Many nodes: the call centre's tenants are shared out through Redis (cti/bus/redis-bus.ts).
  const cluster = config.redisUrl
    ? createRedisCluster({ url: config.redisUrl, prefix: config.redisPrefix, leaseMs: config.ctiLeaseMs })
    : undefined;
  // Behind the SIP edge, the edge learns from the same Redis where each node and DID is.
  const sipEdgeRoutes =
    cluster && config.redisUrl && config.telephony.edge && config.telephony.sip
      ? createEdgeRoutes({
          url: config.redisUrl,
          prefix: config.redisPrefix,
          nodeId: cluster.bus.nodeId,
          leaseMs: config.ctiLeaseMs,
        })
      : null;
  const app = await buildApp({
    db,
    // Silent means no logger at all: pino would still build a child logger for every request.
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    clientDir: defaultClientDir,
    phoneFrameAncestors: config.phoneFrameAncestors,
    readCache,
    trustProxy: config.trustProxy,
    lifecycle,
    blobStore,
    attachmentMaxBytes: config.attachmentMaxBytes,
    diagTransferLimitBytes: config.diagTransferLimitMb * 1024 * 1024,
    requireDemoPasswordChange,
    docFallbackLangs: config.docFallbackLangs,
    loginTokenSeconds: config.loginTokenSeconds,
    telephony: config.telephony,
    secrets,
    sipEdgeRoutes,
    webhooks: { allowPrivate: config.webhookPrivateTargets === 'allow' },
    // Every node mints TURN credentials for the tenants it runs: give them all the same ICE settings.
    cti: { ice: config.ice, telephony: config.telephony, graceMs: config.ctiGraceMs, ...(cluster ? { cluster } : {}) },
  });
  // Until it listens, this node reads from the database; it retries on its own if it cannot.
  await invalidation?.start(app.log);
  return { app, lifecycle, clusterNode: cluster?.bus.nodeId };
}

/**
 * SIGINT, SIGTERM and SIGHUP close the app gracefully, once, within ten seconds. SIGHUP too: a
 * closed terminal sends it, and a node with no configuration to reload should drain, not vanish
 * with requests half-answered.
 */
function stopOnSignals(app: FastifyInstance) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A request that never ends must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      stop(signal);
    });
  }
}

/** The address the app listens on; a process that cannot listen closes its database and stops. */
async function listenOrExit(app: FastifyInstance, config: Config, db: Database): Promise<string> {
  let address;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const reason =
      code === 'EADDRINUSE'
        ? `port ${config.port} is already in use; set PORT to a free one`
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(`Cannot listen on ${config.host}:${config.port}: ${reason}.`);
    await db.destroy();
    process.exit(1);
  }
  return address;
}

/** The online backup of the embedded database, and the retention of the audit trail and backups. */
async function startHousekeeping(app: FastifyInstance, config: Config, opened: OpenedDatabase, lifecycle: Lifecycle) {
  const { db, kind } = opened;
  // The embedded database is backed up through this process, without stopping it
  // (db/online-backup.ts; scripts/backup.mjs is the client).
  if (opened.pgliteFolder) {
    const socketPath = path.join(config.dataDir, BACKUP_SOCKET_NAME);
    await startOnlineBackup({ db, folder: opened.pgliteFolder, socketPath, lifecycle, log: app.log });
  }
  // The audit trail and the content backups within their retention: pruned now, then hourly;
  // the embedded database is vacuumed after each prune.
  createRetention({
    db,
    clock: systemClock,
    lifecycle,
    log: app.log,
    vacuum: kind === 'pglite',
    settings: {
      auditDays: config.auditRetentionDays,
      backupDays: config.backupRetentionDays,
      backupKeepPerItem: config.backupKeepPerItem,
    },
  }).start();
}

/** What /health says of the node's SIP trunks (http/operations.ts), for the start banner. */
interface TelephonyHealth {
  sip: string;
  relays: { address: string; answers: boolean; round_trip_ms: number | null }[];
}

/** The banner's telephony line: off, or where SIP listens and whether the media relay answers. */
function telephonyLine(config: Config, health: TelephonyHealth | undefined): string {
  const sip = config.telephony.sip;
  if (!sip || !health)
    return '  SIP trunks     off (SIP_LISTEN and RTPENGINE_NG not set): every tenant on the simulated network';
  const reached = sip.publicAddress === sip.host ? '' : `, reached at ${sip.publicAddress}`;
  const edge = config.telephony.edge
    ? `, behind the SIP edge at ${config.telephony.edge.host}:${String(config.telephony.edge.port)}`
    : '';
  const relays = health.relays.map((relay) =>
    relay.answers
      ? `rtpengine at ${relay.address} answers (${String(relay.round_trip_ms)} ms)`
      : `rtpengine at ${relay.address} DOES NOT ANSWER: check RTPENGINE_NG and that rtpengine runs (docs/TELEPHONY.md); ${
          health.relays.length > 1 ? 'calls go to the other relays' : 'trunk calls fail'
        } until it does`,
  );
  const label = relays.length > 1 ? 'media relays' : 'media relay';
  return `  SIP trunks     SIP on ${health.sip} (UDP and TCP${reached}${edge}); ${label} ${relays.join('; ')}`;
}

/** What the console says once the server runs: where each page is, and the demo's sign-ins. */
async function printWelcome(
  config: Config,
  { db, kind }: OpenedDatabase,
  { address, seeded, onDemoPassword, requireDemoPasswordChange, clusterNode, telephony }: Welcome,
) {
  const port = new URL(address).port;
  const running = kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const cmsLogin = !onDemoPassword.includes(demoAdmin.account)
    ? ''
    : requireDemoPasswordChange
      ? `   (demo admin: ${demoAdmin.account} / ${demoAdmin.password}, to be changed at first sign-in)`
      : `   (demo admin: ${demoAdmin.account} / ${demoAdmin.password})`;
  const site = await findSiteTenant(db);
  const demoEmails = demoAgents.map((agent) => agent.email);
  const agents = site ? await findAgentsByEmail(db, site.id, demoEmails) : [];
  // Elsewhere than on loopback the published password signs no agent in (auth/basic.service.ts).
  const agentPassword = requireDemoPasswordChange
    ? `${demoAgentPassword} refused on this address: set their passwords in the CMS (call-centre panel), or sign in by SSO`
    : demoAgentPassword;
  const agentLines = agents.map(
    (agent) => `                 ${agent.email ?? ''} (${agent.employee_no ?? ''}, ${agent.role}) / ${agentPassword}`,
  );
  console.log(
    [
      '',
      `Open platform is running on ${running}${seeded ? ', seeded with demo data' : ''}.`,
      // Which node holds a tenant is in Redis (`<prefix>lease:<tenant id>`): this is the name it goes by.
      ...(clusterNode ? [`  Call centre    node ${clusterNode} of the cluster on Redis`] : []),
      `  Documentation  http://localhost:${port}${CLIENT_BASE}#/doc`,
      `  CMS            http://localhost:${port}${CLIENT_BASE}#/cms${cmsLogin}`,
      `  Softphone demo http://localhost:${port}${CLIENT_BASE}#/demo`,
      ...(agentLines.length > 0 ? ['  Demo agents    (account / password)', ...agentLines] : []),
      ...(site ? [`  SSO token      ${site.sso_token}   (the demo tenant's SSO public-key token)`] : []),
      `  Embed example  http://localhost:${port}${CLIENT_BASE}examples/embed.html`,
      `  Diagnostics    http://localhost:${port}${CLIENT_BASE}#/diagnose`,
      telephonyLine(config, telephony),
      `  API (OpenAPI)  http://localhost:${port}/dzfront/open/server/openapi.json`,
      '',
    ].join('\n'),
  );
}

/** What the welcome says of this start: where it listens and how the demo accounts sign in. */
interface Welcome {
  address: string;
  seeded: boolean;
  onDemoPassword: string[];
  requireDemoPasswordChange: boolean;
  /** This node's id among the call centre's nodes, when they share tenants through Redis. */
  clusterNode: string | undefined;
  /** What /health says of the SIP trunks; undefined when none are configured. */
  telephony: TelephonyHealth | undefined;
}

async function main(): Promise<void> {
  const config = configOrExit();
  // Attachments stay in the data folder with PostgreSQL too: give every node the same folder
  // (or another store behind storage/blob-store.ts).
  const blobStore = createFileStore(path.join(config.dataDir, 'attachments'));
  const requireDemoPasswordChange = !isLoopbackHost(config.host);
  const secrets = config.secretKeys.length ? createSecretBox(config.secretKeys) : null;
  const { opened, seeded, onDemoPassword } = await databaseOrExit(config);
  await secretsOrExit(config, opened.db, secrets);
  const { app, lifecycle, clusterNode } = await startApp(config, opened, blobStore, requireDemoPasswordChange, secrets);
  stopOnSignals(app);
  const address = await listenOrExit(app, config, opened.db);
  await startHousekeeping(app, config, opened, lifecycle);
  // The banner says what the health check says (at most the relay's 3 s when it does not answer).
  const health = (await app.inject({ method: 'GET', url: HEALTH_PATH })).json<{ telephony?: TelephonyHealth }>();
  await printWelcome(config, opened, {
    address,
    seeded,
    onDemoPassword,
    requireDemoPasswordChange,
    clusterNode,
    telephony: health.telephony,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
