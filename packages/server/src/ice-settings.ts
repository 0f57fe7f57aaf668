/**
 * The STUN and TURN servers the operator lists (ICE_SERVERS, TURN_SECRET, ...) and the rules
 * config.ts checks them by. Beside config.ts, below the call centre that hands them to phones
 * (cti/ice-servers.ts), so reading the environment never reaches up into a domain folder.
 */
import type { IceTransportPolicy } from '@open/protocol/cti/protocol';

export interface IceSettings {
  /** STUN and TURN URLs (RFC 7064, 7065), as the operator listed them. */
  urls: readonly string[];
  /** coturn's `static-auth-secret`; required as soon as a TURN URL is listed. */
  turnSecret: string | undefined;
  /** How long a minted TURN credential is good for. */
  credentialTtlSeconds: number;
  transportPolicy: IceTransportPolicy;
}

/**
 * A phone gets new credentials every quarter of this (cti/host/tenant-host-ice.ts), so a call
 * over a relay can last three quarters of it (3 h): no longer than a disabled agent's last
 * credential keeps relaying, since coturn cannot take one back.
 */
export const DEFAULT_TURN_CREDENTIAL_TTL_SECONDS = 4 * 60 * 60;
/**
 * Browsers refresh a TURN allocation every few minutes with the credentials they started with,
 * and coturn checks the expiry on each refresh: a shorter life would cut calls under way.
 */
export const MIN_TURN_CREDENTIAL_TTL_SECONDS = 10 * 60;
/** A leaked credential should not outlive a week. */
export const MAX_TURN_CREDENTIAL_TTL_SECONDS = 7 * 24 * 60 * 60;

export const noIceServers: IceSettings = {
  urls: [],
  turnSecret: undefined,
  credentialTtlSeconds: DEFAULT_TURN_CREDENTIAL_TTL_SECONDS,
  transportPolicy: 'all',
};

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/**
 * `scheme:host[:port]`, a `?transport=` only on TURN URLs (RFC 7065); a host is a name, an IPv4
 * address or a bracketed IPv6 one. Nothing else, because browsers refuse the whole configuration
 * (and so every call) over one URL they cannot read.
 */
const ICE_URL = new RegExp(
  `^(stuns?|turns?):(${LABEL}(?:\\.${LABEL})*|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?(\\?transport=(?:udp|tcp))?$`,
  'i',
);

/** Whether `url` is a STUN or TURN URL a browser accepts. */
export function isIceUrl(url: string): boolean {
  const match = ICE_URL.exec(url);
  if (!match) return false;
  const [, scheme = '', , port, transport] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  return transport === undefined || isTurnUrl(scheme);
}

export const isTurnUrl = (url: string): boolean => /^turns?(:|$)/i.test(url);

/** Whether phones get TURN credentials at all (a TURN URL and the secret to mint them). */
export const mintsTurnCredentials = (settings: IceSettings): boolean =>
  settings.turnSecret !== undefined && settings.urls.some(isTurnUrl);
