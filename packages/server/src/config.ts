import path from 'node:path';
import { limits } from '@open/protocol/limits';
import { demoAdmin } from './demo-credentials.js';

/** Server configuration, read once from the environment (DESIGN §4). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Many nodes: the call centre shares tenants through this Redis (needs DATABASE_URL). */
  redisUrl: string | undefined;
  /** Keys and channels of this deployment in Redis start with it. */
  redisPrefix: string;
  /** How long a node's lease on a tenant lasts: a dead node's tenants move after at most this. */
  ctiLeaseMs: number;
  logLevel: LogLevel;
  /** Which reverse proxies to believe about the client's address and https (Fastify's trustProxy). */
  trustProxy: boolean | number | string[];
  /** The seeded admin's password instead of the published demo one. */
  adminPassword: string | undefined;
  /** The largest attachment upload, in bytes. */
  attachmentMaxBytes: number;
  /** Pages allowed to embed the softphone in an iframe (CSP frame-ancestors sources). */
  phoneFrameAncestors: string[];
}

/** The `size` column of an attachment is a 32-bit integer. */
const ATTACHMENT_MAX_BYTES_LIMIT = 2 ** 31 - 1;

/**
 * Whether HOST admits connections from this machine only. Anywhere else, an account still on
 * the published demo password must change it before anything else.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function urlWithScheme(name: string, value: string, schemes: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a URL (got "${value}").`);
  }
  if (!schemes.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${schemes.join(' or ')}// (got "${url.protocol}//").`);
  }
  return value;
}

/** Reads and checks the environment; a bad value throws a ConfigError that names it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

  const portText = blank(env.PORT) ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535 (got "${portText}").`);
  }

  const logLevel = blank(env.LOG_LEVEL) ?? 'info';
  if (!(logLevels as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${logLevel}").`);
  }

  const trustProxy = parseTrustProxy(blank(env.TRUST_PROXY));
  const databaseUrl = blank(env.DATABASE_URL);
  const redisUrl = blank(env.REDIS_URL);
  // The nodes of a cluster share their data: with each its own embedded database they would not.
  if (redisUrl !== undefined && databaseUrl === undefined) {
    throw new ConfigError('REDIS_URL needs DATABASE_URL: the nodes of a cluster must share one PostgreSQL database.');
  }
  const leaseText = blank(env.CTI_LEASE_MS);
  const ctiLeaseMs = leaseText === undefined ? 10_000 : Number(leaseText);
  if (leaseText !== undefined && (!/^\d+$/.test(leaseText) || ctiLeaseMs < 500 || ctiLeaseMs > 60_000)) {
    throw new ConfigError(
      `CTI_LEASE_MS must be a whole number of milliseconds from 500 to 60000 (got "${leaseText}").`,
    );
  }
  const redisPrefix = blank(env.REDIS_PREFIX) ?? 'open:cti:';

  // Not trimmed: spaces may be part of a password.
  const adminPassword = env.ADMIN_PASSWORD === undefined || env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD;
  if (adminPassword !== undefined) {
    if (adminPassword.length < limits.passwordMin || adminPassword.length > limits.password) {
      throw new ConfigError(
        `ADMIN_PASSWORD must have from ${limits.passwordMin} to ${limits.password} characters (got ${adminPassword.length}).`,
      );
    }
    if (adminPassword === demoAdmin.password) {
      throw new ConfigError('ADMIN_PASSWORD must not be the published demo password.');
    }
  }

  const maxBytesText = blank(env.ATTACHMENT_MAX_BYTES);
  const attachmentMaxBytes = maxBytesText === undefined ? limits.attachmentBytesDefault : Number(maxBytesText);
  if (
    maxBytesText !== undefined &&
    (!/^\d+$/.test(maxBytesText) || attachmentMaxBytes < 1 || attachmentMaxBytes > ATTACHMENT_MAX_BYTES_LIMIT)
  ) {
    throw new ConfigError(
      `ATTACHMENT_MAX_BYTES must be a whole number of bytes from 1 to ${ATTACHMENT_MAX_BYTES_LIMIT} (got "${maxBytesText}").`,
    );
  }

  const ancestorsText = blank(env.PHONE_FRAME_ANCESTORS);
  const phoneFrameAncestors = ancestorsText === undefined ? ["'self'"] : ancestorsText.split(/[\s,]+/).filter(Boolean);
  // Each source is a web origin (a leading *. allowed for subdomains), 'self' or *: anything else
  // could break the header or let every page frame the phone without the operator meaning it.
  const badSource = phoneFrameAncestors.find(
    (source) => source !== "'self'" && source !== '*' && !/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(source),
  );
  if (badSource !== undefined) {
    throw new ConfigError(
      `PHONE_FRAME_ANCESTORS must list origins such as https://crm.example.com, 'self' or * (got "${badSource}").`,
    );
  }

  return {
    port,
    host: blank(env.HOST) ?? '0.0.0.0',
    dataDir: path.resolve(blank(env.DATA_DIR) ?? './data'),
    databaseUrl: databaseUrl && urlWithScheme('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']),
    redisUrl: redisUrl && urlWithScheme('REDIS_URL', redisUrl, ['redis:', 'rediss:']),
    redisPrefix,
    ctiLeaseMs,
    logLevel: logLevel as LogLevel,
    trustProxy,
    adminPassword,
    attachmentMaxBytes,
    phoneFrameAncestors,
  };
}

/** `true`, `false`, a number of proxy hops, or a comma-separated list of proxy addresses (CIDR allowed). */
function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value.split(',').map((part) => part.trim());
  if (addresses.every((a) => /^[\d.:a-fA-F]+(\/\d{1,3})?$/.test(a))) return addresses;
  throw new ConfigError(
    `TRUST_PROXY must be true, false, a number of proxies or a comma-separated list of their addresses (got "${value}").`,
  );
}
