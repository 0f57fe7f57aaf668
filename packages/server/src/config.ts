import { readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { limits } from '@open/protocol/limits';
import { isLang, langCodes, type Lang } from '@open/protocol/locales';
import { demoAdmin } from './demo-credentials.js';
import { ctiTimings, iceTransportPolicies, type IceTransportPolicy } from '@open/protocol/cti/protocol';
import {
  DEFAULT_TURN_CREDENTIAL_TTL_SECONDS,
  MAX_TURN_CREDENTIAL_TTL_SECONDS,
  MIN_TURN_CREDENTIAL_TTL_SECONDS,
  isIceUrl,
  isTurnUrl,
  type IceSettings,
} from './ice-settings.js';
import { parseSecretKeys, type SecretKey } from './secret-box.js';

/** LOGIN_TOKEN_TTL: how long a login token lasts by default, and the bounds an operator may set. */
export const DEFAULT_LOGIN_TOKEN_SECONDS = 15 * 60;
export const MIN_LOGIN_TOKEN_SECONDS = 60;
export const MAX_LOGIN_TOKEN_SECONDS = 24 * 60 * 60;

/** Server configuration, read once from the environment (DESIGN §4). */
export interface Config {
  /**
   * Whether webhooks may post to this machine and private networks (webhooks/webhook-target.ts);
   * metadata and link-local addresses never. `allow` by default on a loopback HOST only.
   */
  webhookPrivateTargets: 'allow' | 'refuse';
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
  /** How long a phone's session waits for it after its link drops, with its status and calls. */
  ctiGraceMs: number;
  /** How long a login token lasts, in seconds: a phone asks its page for a fresh one before. */
  loginTokenSeconds: number;
  logLevel: LogLevel;
  /**
   * Which reverse proxies to believe about the client's address and https: how many hops, or
   * their addresses. Never all of them: the client could then claim any address it likes.
   */
  trustProxy: false | number | string[];
  /** The seeded admin's password instead of the published demo one. */
  adminPassword: string | undefined;
  /** The largest attachment upload, in bytes. */
  attachmentMaxBytes: number;
  /** Megabytes of the bandwidth test one address may move within 15 minutes (0: no limit). */
  diagTransferLimitMb: number;
  /** Days the audit trail keeps an entry (0: for ever). */
  auditRetentionDays: number;
  /** Days a content backup is kept beyond each item's newest `backupKeepPerItem` (0: for ever). */
  backupRetentionDays: number;
  /** Backups each category and resource keeps however old they are (at least 1). */
  backupKeepPerItem: number;
  /** Pages allowed to embed the softphone in an iframe (CSP frame-ancestors sources). */
  phoneFrameAncestors: string[];
  /** The languages a document is read in when it lacks the asked one, in order. */
  docFallbackLangs: Lang[];
  /** The STUN and TURN servers phones use for WebRTC, and how TURN credentials are minted. */
  ice: IceSettings;
  /** SIP trunks (docs/TELEPHONY.md): the SIP socket and the media relay; null when not set up. */
  telephony: TelephonySettings;
  /**
   * The keys secrets are sealed with at rest (secret-box.ts), the first sealing; empty: none
   * given, and no secret can be stored.
   */
  secretKeys: SecretKey[];
  /** The operator lost the key: a start clears the stored secrets no key opens instead of refusing. */
  secretsForgetUnreadable: boolean;
}

/** A host and port, as `SIP_LISTEN` and `RTPENGINE_NG` give them. */
export interface HostPort {
  host: string;
  port: number;
}

export interface TelephonySettings {
  /** Where the node's SIP user agent listens (UDP and TCP). Null: no trunk can be used. */
  sip: (HostPort & { publicAddress: string }) | null;
  /**
   * rtpengine's ng control sockets (UDP), one per relay: each call is placed on the one that
   * answers with the fewest calls. Empty: no trunk can be used.
   */
  relays: HostPort[];
  /**
   * The SIP edge (Kamailio, deploy/kamailio/) in front of the nodes (SIP_EDGE): every request out
   * leaves through it and requests in are taken from it only. Null: the node faces the carrier.
   */
  edge: HostPort | null;
  /** How often each carrier server of a switched-on trunk is sent an OPTIONS (SIP_OPTIONS_EVERY). */
  carrierCheckEveryMs: number;
}

/** SIP_OPTIONS_EVERY, in seconds: a dead carrier server is skipped within two of these. */
export const carrierCheckSeconds = { default: 10, min: 1, max: 300 } as const;

/** `host:port` or `[v6]:port`, the port from 1 to 65535; undefined when it is not one. */
export function parseHostPort(text: string): HostPort | undefined {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/.exec(text);
  const port = Number(match?.[3]);
  const host = match?.[1] ?? match?.[2];
  if (host === undefined || !(port >= 1 && port <= 65535)) return undefined;
  return { host, port };
}

/**
 * English before the Chinese original: a reader of a language the document lacks is likelier
 * to read English than Chinese.
 */
export const DEFAULT_DOC_FALLBACK_LANGS: readonly Lang[] = ['en', 'zh-CN'];

/**
 * Every document is written in zh-CN first, and a reader is served only a language of the
 * chain, so a list without it would hide the documents nobody has translated yet.
 */
const ORIGINAL_LANG: Lang = 'zh-CN';

/** A comma-separated list of DOC_FALLBACK_LANGS, or a sentence saying what is wrong with it. */
export function parseDocFallbackLangs(text: string | undefined): Lang[] | string {
  if (text === undefined) return [...DEFAULT_DOC_FALLBACK_LANGS];
  const parts = text.split(',').map((part) => part.trim());
  const unknown = parts.find((part) => !isLang(part));
  if (unknown !== undefined) {
    return `DOC_FALLBACK_LANGS must be a comma-separated list of ${langCodes.join(', ')} (got "${unknown}" in "${text}").`;
  }
  const langs = parts.filter(isLang);
  const repeated = langs.find((lang, at) => langs.indexOf(lang) !== at);
  if (repeated !== undefined) return `DOC_FALLBACK_LANGS names ${repeated} twice (got "${text}").`;
  if (!langs.includes(ORIGINAL_LANG)) {
    return `DOC_FALLBACK_LANGS must include ${ORIGINAL_LANG}, the language every document is written in first (got "${text}").`;
  }
  return langs;
}

/** The `size` column of an attachment is a 32-bit integer. */
const ATTACHMENT_MAX_BYTES_LIMIT = 2 ** 31 - 1;

/** Below this, a TURN secret could be guessed. */
const MIN_TURN_SECRET = 16;

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

/** A variable as the operator wrote it, trimmed; unset or blank means "use the default". */
const setting = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** A whole number from `min` to `max`, or `fallback` when unset; `refusal` names the variable. */
function wholeNumber(fallback: number, min: number, max: number, refusal: (got: string) => string) {
  return setting.transform((text, ctx) => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (/^\d+$/.test(text) && value >= min && value <= max) return value;
    ctx.addIssue({ code: 'custom', message: refusal(text) });
    return z.NEVER;
  });
}

/** `host:port`, or absent; `example` shows the operator the form. */
function hostPort(name: string, example: string) {
  return setting.transform((text, ctx) => {
    if (text === undefined) return undefined;
    const parsed = parseHostPort(text);
    if (parsed) return parsed;
    ctx.addIssue({ code: 'custom', message: `${name} must be a host and port such as ${example} (got "${text}").` });
    return z.NEVER;
  });
}

/** A URL with one of `schemes`, or absent. */
function url(name: string, schemes: readonly string[]) {
  return setting.transform((text, ctx) => {
    if (text === undefined) return undefined;
    if (!URL.canParse(text)) {
      ctx.addIssue({ code: 'custom', message: `${name} is not a URL (got "${text}").` });
      return z.NEVER;
    }
    const { protocol } = new URL(text);
    if (schemes.includes(protocol)) return text;
    ctx.addIssue({
      code: 'custom',
      message: `${name} must start with ${schemes.join(' or ')}// (got "${protocol}//").`,
    });
    return z.NEVER;
  });
}

/** The environment the server reads (DESIGN §4); each refusal names its variable and the value. */
const environment = z
  .object({
    PORT: wholeNumber(8080, 0, 65535, (got) => `PORT must be a whole number from 0 to 65535 (got "${got}").`),
    // This machine only, unless told: the published demo logins are refused on any other bind.
    HOST: setting.transform((host) => host ?? '127.0.0.1'),
    DATA_DIR: setting.transform((dir) => path.resolve(dir ?? './data')),
    DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']),
    REDIS_PREFIX: setting.transform((prefix) => prefix ?? 'open:cti:'),
    CTI_LEASE_MS: wholeNumber(
      10_000,
      500,
      60_000,
      (got) => `CTI_LEASE_MS must be a whole number of milliseconds from 500 to 60000 (got "${got}").`,
    ),
    // Shorter than a few heartbeats and a phone still reconnecting would lose its calls; longer
    // than 10 minutes and a caller would hear silence that long for an agent who is gone.
    CTI_GRACE_MS: wholeNumber(
      ctiTimings.graceMs,
      10_000,
      600_000,
      (got) => `CTI_GRACE_MS must be a whole number of milliseconds from 10000 to 600000 (got "${got}").`,
    ),
    // A minute at least, or a phone could not ask its page for the next one in time; a day at
    // most, or a leaked token would be worth a whole day to whoever holds it.
    LOGIN_TOKEN_TTL: wholeNumber(
      DEFAULT_LOGIN_TOKEN_SECONDS,
      MIN_LOGIN_TOKEN_SECONDS,
      MAX_LOGIN_TOKEN_SECONDS,
      (got) =>
        `LOGIN_TOKEN_TTL must be a whole number of seconds from ${MIN_LOGIN_TOKEN_SECONDS} to ${MAX_LOGIN_TOKEN_SECONDS} (got "${got}").`,
    ),
    LOG_LEVEL: setting.transform((level, ctx): LogLevel => {
      if (level === undefined) return 'info';
      const known = logLevels.find((name) => name === level);
      if (known !== undefined) return known;
      ctx.addIssue({ code: 'custom', message: `LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${level}").` });
      return z.NEVER;
    }),
    TRUST_PROXY: setting.transform((value, ctx) => {
      const trusted = parseTrustProxy(value);
      if (typeof trusted !== 'string') return trusted;
      ctx.addIssue({ code: 'custom', message: trusted });
      return z.NEVER;
    }),
    // Not trimmed: spaces may be part of a password.
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .transform((password, ctx) => {
        if (password === undefined || password === '') return undefined;
        if (password.length < limits.passwordMin || password.length > limits.password) {
          ctx.addIssue({
            code: 'custom',
            message: `ADMIN_PASSWORD must have from ${limits.passwordMin} to ${limits.password} characters (got ${password.length}).`,
          });
        } else if (password === demoAdmin.password) {
          ctx.addIssue({ code: 'custom', message: 'ADMIN_PASSWORD must not be the published demo password.' });
        }
        return password;
      }),
    DIAG_TRANSFER_LIMIT_MB: wholeNumber(
      8192,
      0,
      1_000_000,
      (got) =>
        `DIAG_TRANSFER_LIMIT_MB must be a whole number of megabytes from 0 (no limit) to 1000000 (got "${got}").`,
    ),
    ATTACHMENT_MAX_BYTES: wholeNumber(
      limits.attachmentBytesDefault,
      1,
      ATTACHMENT_MAX_BYTES_LIMIT,
      (got) =>
        `ATTACHMENT_MAX_BYTES must be a whole number of bytes from 1 to ${ATTACHMENT_MAX_BYTES_LIMIT} (got "${got}").`,
    ),
    AUDIT_RETENTION_DAYS: wholeNumber(
      365,
      0,
      36_500,
      (got) => `AUDIT_RETENTION_DAYS must be a whole number of days from 0 (keep for ever) to 36500 (got "${got}").`,
    ),
    BACKUP_RETENTION_DAYS: wholeNumber(
      365,
      0,
      36_500,
      (got) => `BACKUP_RETENTION_DAYS must be a whole number of days from 0 (keep for ever) to 36500 (got "${got}").`,
    ),
    BACKUP_KEEP_PER_ITEM: wholeNumber(
      20,
      1,
      100_000,
      (got) => `BACKUP_KEEP_PER_ITEM must be a whole number from 1 to 100000 (got "${got}").`,
    ),
    PHONE_FRAME_ANCESTORS: setting.transform((text, ctx) => {
      const sources = text === undefined ? ["'self'"] : text.split(/[\s,]+/).filter(Boolean);
      // Each source is a web origin (a leading *. allowed for subdomains), 'self' or *: anything
      // else could break the header or let every page frame the phone without the operator meaning it.
      const bad = sources.find(
        (source) =>
          source !== "'self'" && source !== '*' && !/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(source),
      );
      if (bad === undefined) return sources;
      ctx.addIssue({
        code: 'custom',
        message: `PHONE_FRAME_ANCESTORS must list origins such as https://crm.example.com, 'self' or * (got "${bad}").`,
      });
      return z.NEVER;
    }),
    DOC_FALLBACK_LANGS: setting.transform((text, ctx) => {
      const langs = parseDocFallbackLangs(text);
      if (typeof langs !== 'string') return langs;
      ctx.addIssue({ code: 'custom', message: langs });
      return z.NEVER;
    }),
    ICE_SERVERS: setting.transform((text, ctx) => {
      const urls = text === undefined ? [] : text.split(/[\s,]+/).filter(Boolean);
      const bad = urls.find((url) => !isIceUrl(url));
      if (bad === undefined) return urls;
      ctx.addIssue({
        code: 'custom',
        message: `ICE_SERVERS must list stun:, stuns:, turn: or turns: URLs such as turn:turn.example.com:3478?transport=udp (got "${bad}").`,
      });
      return z.NEVER;
    }),
    TURN_SECRET: setting.transform((secret, ctx) => {
      // A secret anyone can guess lets anyone relay through the operator's TURN server.
      if (secret !== undefined && secret.length < MIN_TURN_SECRET) {
        ctx.addIssue({
          code: 'custom',
          message: `TURN_SECRET must have at least ${MIN_TURN_SECRET} characters (got ${secret.length}).`,
        });
      }
      return secret;
    }),
    TURN_CREDENTIAL_TTL: wholeNumber(
      DEFAULT_TURN_CREDENTIAL_TTL_SECONDS,
      MIN_TURN_CREDENTIAL_TTL_SECONDS,
      MAX_TURN_CREDENTIAL_TTL_SECONDS,
      (got) =>
        `TURN_CREDENTIAL_TTL must be a whole number of seconds from ${MIN_TURN_CREDENTIAL_TTL_SECONDS} to ${MAX_TURN_CREDENTIAL_TTL_SECONDS} (got "${got}").`,
    ),
    SIP_LISTEN: hostPort('SIP_LISTEN', '0.0.0.0:5060'),
    // The address a trunk reaches this node at, written into Via, Contact and the relay's SDP.
    SIP_ADDRESS: setting,
    RTPENGINE_NG: setting.transform((text, ctx) => {
      if (text === undefined) return undefined;
      const entries = text.split(',').map((entry) => entry.trim());
      const relays = entries.map(parseHostPort);
      const bad = entries.find((_, at) => relays[at] === undefined);
      if (bad === undefined) {
        const parsed = relays.filter((relay): relay is HostPort => relay !== undefined);
        const twice = parsed.find((relay, at) =>
          parsed.slice(0, at).some((earlier) => earlier.host === relay.host && earlier.port === relay.port),
        );
        if (twice === undefined) return parsed;
        ctx.addIssue({ code: 'custom', message: `RTPENGINE_NG names ${twice.host}:${String(twice.port)} twice.` });
        return z.NEVER;
      }
      ctx.addIssue({
        code: 'custom',
        message: `RTPENGINE_NG must be a host and port such as 127.0.0.1:2223, or several separated by commas (got "${bad}").`,
      });
      return z.NEVER;
    }),
    SIP_EDGE: hostPort('SIP_EDGE', '10.0.0.2:5060'),
    SIP_OPTIONS_EVERY: wholeNumber(
      carrierCheckSeconds.default,
      carrierCheckSeconds.min,
      carrierCheckSeconds.max,
      (got) =>
        `SIP_OPTIONS_EVERY must be a whole number of seconds from ${carrierCheckSeconds.min} to ${carrierCheckSeconds.max} (got "${got}").`,
    ),
    // Not echoed in any message: it is a key.
    SECRETS_KEY: setting.transform((text, ctx) => {
      if (text === undefined) return undefined;
      const keys = parseSecretKeys(text, 'SECRETS_KEY');
      if (typeof keys !== 'string') return keys;
      ctx.addIssue({ code: 'custom', message: keys });
      return z.NEVER;
    }),
    SECRETS_KEY_FILE: setting.transform((file, ctx) => {
      if (file === undefined) return undefined;
      let text;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        const why = error instanceof Error && 'code' in error ? String(error.code) : String(error);
        ctx.addIssue({ code: 'custom', message: `SECRETS_KEY_FILE cannot be read (${why}: "${file}").` });
        return z.NEVER;
      }
      const keys = parseSecretKeys(text, `SECRETS_KEY_FILE (${file})`);
      if (typeof keys !== 'string') return keys;
      ctx.addIssue({ code: 'custom', message: keys });
      return z.NEVER;
    }),
    // Left out: decided by HOST (loopback: a developer's machine, whose CRM runs beside it).
    WEBHOOK_PRIVATE_TARGETS: setting.transform((text, ctx): 'allow' | 'refuse' | undefined => {
      if (text === undefined || text === 'allow' || text === 'refuse') return text;
      ctx.addIssue({ code: 'custom', message: `WEBHOOK_PRIVATE_TARGETS must be allow or refuse (got "${text}").` });
      return z.NEVER;
    }),
    SECRETS_FORGET_UNREADABLE: setting.transform((text, ctx) => {
      if (text === undefined || text === 'false') return false;
      if (text === 'true') return true;
      ctx.addIssue({ code: 'custom', message: `SECRETS_FORGET_UNREADABLE must be true or false (got "${text}").` });
      return z.NEVER;
    }),
    ICE_TRANSPORT_POLICY: setting.transform((policy, ctx): IceTransportPolicy => {
      if (policy === undefined) return 'all';
      const known = iceTransportPolicies.find((name) => name === policy);
      if (known !== undefined) return known;
      ctx.addIssue({
        code: 'custom',
        message: `ICE_TRANSPORT_POLICY must be one of ${iceTransportPolicies.join(', ')} (got "${policy}").`,
      });
      return z.NEVER;
    }),
  })
  // The nodes of a cluster share their data: with each its own embedded database they would not.
  .refine((env) => env.REDIS_URL === undefined || env.DATABASE_URL !== undefined, {
    message: 'REDIS_URL needs DATABASE_URL: the nodes of a cluster must share one PostgreSQL database.',
  })
  .superRefine((env, ctx) => {
    // A trunk needs both halves: signalling without the relay would connect calls nobody hears.
    if ((env.SIP_LISTEN === undefined) !== (env.RTPENGINE_NG === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'SIP_LISTEN and RTPENGINE_NG go together: a SIP trunk needs the media relay, and the relay is only used by trunks. Set both, or neither.',
      });
    }
    // A trunk's dialogs live in the SIP stack of the node that runs its tenant: with several
    // nodes, only an edge in front routes each carrier's INVITE to that node (docs/TELEPHONY.md).
    if (env.SIP_LISTEN !== undefined && env.REDIS_URL !== undefined && env.SIP_EDGE === undefined) {
      ctx.addIssue({
        code: 'custom',
        message:
          'SIP_LISTEN with REDIS_URL needs SIP_EDGE: several nodes take carriers\' calls through a SIP edge (Kamailio) that sends each to the node running its tenant (docs/TELEPHONY.md, "Several nodes").',
      });
    }
    // The SIP stack takes a route to its own address for one of its own flows and drops it: the
    // edge must be another host than the node (an address of its own on one machine).
    const nodeAddress = env.SIP_ADDRESS ?? env.SIP_LISTEN?.host;
    if (env.SIP_EDGE !== undefined && env.SIP_EDGE.host === nodeAddress) {
      ctx.addIssue({
        code: 'custom',
        message: `SIP_EDGE (${env.SIP_EDGE.host}) is the node's own address: give the edge an address of its own (another host, or another address on this one).`,
      });
    }
    if (env.SIP_EDGE !== undefined && env.SIP_LISTEN === undefined) {
      ctx.addIssue({
        code: 'custom',
        message:
          "SIP_EDGE is set but SIP_LISTEN is not: the edge sends calls to the node's SIP user agent, so set both.",
      });
    }
    const wildcard = env.SIP_LISTEN?.host === '0.0.0.0' || env.SIP_LISTEN?.host === '::';
    if (wildcard && env.SIP_ADDRESS === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `SIP_LISTEN listens on every address (${env.SIP_LISTEN?.host}): set SIP_ADDRESS to the address the trunk reaches this node at.`,
      });
    }
  })
  .refine((env) => env.SECRETS_KEY === undefined || env.SECRETS_KEY_FILE === undefined, {
    message: 'Set SECRETS_KEY or SECRETS_KEY_FILE, not both: which keys would seal would be a guess.',
  })
  .superRefine((env, ctx) => {
    // Only minted credentials: static ones would be handed to every browser and never expire.
    const turn = env.ICE_SERVERS.find(isTurnUrl);
    if (turn !== undefined && env.TURN_SECRET === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `ICE_SERVERS lists a TURN server (got "${turn}") but TURN_SECRET is not set: set it to the static-auth-secret of coturn's use-auth-secret.`,
      });
    } else if (turn === undefined && env.TURN_SECRET !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `TURN_SECRET is set but ICE_SERVERS lists no turn: or turns: URL (got "${env.ICE_SERVERS.join(',')}").`,
      });
    } else if (turn === undefined && env.ICE_TRANSPORT_POLICY === 'relay') {
      // Relay only, with no relay, would leave every call silent.
      ctx.addIssue({
        code: 'custom',
        message: `ICE_TRANSPORT_POLICY=relay needs a turn: or turns: URL in ICE_SERVERS (got "${env.ICE_SERVERS.join(',')}").`,
      });
    }
  });

/** Reads and checks the environment; a bad value throws a ConfigError that names it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]?.message ?? 'The configuration is not valid.');
  const read = parsed.data;
  return {
    port: read.PORT,
    host: read.HOST,
    dataDir: read.DATA_DIR,
    databaseUrl: read.DATABASE_URL,
    redisUrl: read.REDIS_URL,
    redisPrefix: read.REDIS_PREFIX,
    ctiLeaseMs: read.CTI_LEASE_MS,
    ctiGraceMs: read.CTI_GRACE_MS,
    loginTokenSeconds: read.LOGIN_TOKEN_TTL,
    logLevel: read.LOG_LEVEL,
    trustProxy: read.TRUST_PROXY,
    adminPassword: read.ADMIN_PASSWORD,
    attachmentMaxBytes: read.ATTACHMENT_MAX_BYTES,
    diagTransferLimitMb: read.DIAG_TRANSFER_LIMIT_MB,
    auditRetentionDays: read.AUDIT_RETENTION_DAYS,
    backupRetentionDays: read.BACKUP_RETENTION_DAYS,
    backupKeepPerItem: read.BACKUP_KEEP_PER_ITEM,
    phoneFrameAncestors: read.PHONE_FRAME_ANCESTORS,
    docFallbackLangs: read.DOC_FALLBACK_LANGS,
    ice: {
      urls: read.ICE_SERVERS,
      turnSecret: read.TURN_SECRET,
      credentialTtlSeconds: read.TURN_CREDENTIAL_TTL,
      transportPolicy: read.ICE_TRANSPORT_POLICY,
    },
    telephony: {
      sip: read.SIP_LISTEN ? { ...read.SIP_LISTEN, publicAddress: read.SIP_ADDRESS ?? read.SIP_LISTEN.host } : null,
      relays: read.RTPENGINE_NG ?? [],
      edge: read.SIP_EDGE ?? null,
      carrierCheckEveryMs: read.SIP_OPTIONS_EVERY * 1000,
    },
    secretKeys: read.SECRETS_KEY ?? read.SECRETS_KEY_FILE ?? [],
    secretsForgetUnreadable: read.SECRETS_FORGET_UNREADABLE,
    webhookPrivateTargets: read.WEBHOOK_PRIVATE_TARGETS ?? (isLoopbackHost(read.HOST) ? 'allow' : 'refuse'),
  };
}

const TRUST_PROXY_HOW =
  'give the number of proxies in front of the server (for example 1) or their addresses (for example 10.0.0.1,10.1.0.0/16).';

/** An address or CIDR range as Fastify's proxy-addr reads it, or undefined when it is none. */
function proxyRange(entry: string): { address: string; bits: number; type: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', bits, extra] = entry.split('/');
  // Hex digits, colons and dots only: no zone (%eth0), which a proxy's address never needs.
  const version = /^[0-9A-Fa-f:.]+$/.test(address) ? isIP(address) : 0;
  if (version === 0 || extra !== undefined) return undefined;
  const max = version === 4 ? 32 : 128;
  if (bits !== undefined && !/^(?:0|[1-9][0-9]{0,2})$/.test(bits)) return undefined;
  const prefix = bits === undefined ? max : Number(bits);
  return prefix <= max ? { address, bits: prefix, type: version === 4 ? 'ipv4' : 'ipv6' } : undefined;
}

/**
 * Whether a range holds every IPv4 or every IPv6 address. A range that holds both ends of a
 * space holds all of it; node:net's BlockList matches IPv4 clients against IPv6 ranges as
 * IPv4-mapped (::ffff:0:0/96), as proxy-addr does.
 */
function trustsEveryone(range: { address: string; bits: number; type: 'ipv4' | 'ipv6' }): boolean {
  const list = new BlockList();
  list.addSubnet(range.address, range.bits, range.type);
  return (
    (list.check('0.0.0.0', 'ipv4') && list.check('255.255.255.255', 'ipv4')) ||
    (list.check('::', 'ipv6') && list.check('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'ipv6'))
  );
}

/**
 * TRUST_PROXY as the operator wrote it: `false`, a number of proxy hops, or a comma-separated
 * list of the proxies' addresses (CIDR allowed); otherwise one sentence naming the variable and
 * saying what is wrong. Every address is checked here, so that Fastify never meets one it cannot
 * read (it throws a TypeError at start); a setting that trusts everyone is refused, since a client
 * could then write any address into X-Forwarded-For and the sign-in throttle would stop counting.
 */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true')
    return `TRUST_PROXY=true would believe any X-Forwarded-For header, so a client could claim any address; ${TRUST_PROXY_HOW}`;
  if (/^[0-9]+$/.test(value)) return Number(value);
  const entries = value.split(',').map((part) => part.trim());
  for (const entry of entries) {
    const range = proxyRange(entry);
    if (range === undefined) {
      const got = entries.length === 1 ? `"${value}"` : `"${entry}" in "${value}"`;
      return `TRUST_PROXY must be false, the number of proxies in front of the server or a comma-separated list of their addresses (got ${got}).`;
    }
    if (trustsEveryone(range)) {
      return `TRUST_PROXY=${entry} trusts every address, so a client could claim any address in X-Forwarded-For; ${TRUST_PROXY_HOW}`;
    }
  }
  return entries;
}

/**
 * What the log should say at start of a hop count: it believes the last hops of X-Forwarded-For
 * whoever connects, so a client that reaches the node directly chooses its own address.
 */
export function trustProxyWarning(trustProxy: Config['trustProxy'] | undefined): string | undefined {
  if (typeof trustProxy !== 'number' || trustProxy === 0) return undefined;
  return `TRUST_PROXY=${trustProxy} believes X-Forwarded-For from whoever connects: this node must be reachable only through the proxy (firewall its port from everything else), or a client that connects directly can claim any address. Listing the proxies' addresses instead is safer.`;
}
