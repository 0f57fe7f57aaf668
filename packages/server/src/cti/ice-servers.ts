/**
 * The STUN and TURN servers a phone's WebRTC connections use (DESIGN §7): agents behind NAT
 * reach each other only through a TURN relay. TURN credentials are never stored anywhere: the
 * server mints them per session from the secret it shares with coturn (`use-auth-secret`,
 * `static-auth-secret`), the "TURN REST API" coturn implements, so a credential a browser leaks
 * is worth nothing after its expiry and one agent's cannot be told from another's in the logs.
 */
import { createHmac } from 'node:crypto';
import type { IceServer, IceTransportPolicy, ReadyFrame } from '@open/protocol/cti/protocol';

export interface IceSettings {
  /** STUN and TURN URLs (RFC 7064, 7065), as the operator listed them. */
  urls: readonly string[];
  /** coturn's `static-auth-secret`; required as soon as a TURN URL is listed. */
  turnSecret: string | undefined;
  /** How long a minted TURN credential is good for. */
  credentialTtlSeconds: number;
  transportPolicy: IceTransportPolicy;
}

/** Long enough for a shift: a phone gets new credentials only when it (re)authenticates. */
export const DEFAULT_TURN_CREDENTIAL_TTL_SECONDS = 12 * 60 * 60;
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

/**
 * A TURN REST API credential as coturn checks it: the username is the expiry (unix seconds) and
 * the user joined by `:`, the password base64(HMAC-SHA1(secret, username)).
 */
export function turnCredential(
  secret: string,
  user: string,
  expiresAtSeconds: number,
): { username: string; credential: string } {
  const username = `${String(expiresAtSeconds)}:${user}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/**
 * What a phone's `ready` frame carries for `user` (the agent's id) at `nowMs`: the STUN servers
 * as they are, the TURN servers with a credential that expires `credentialTtlSeconds` from now.
 */
export function iceServersFor(
  settings: IceSettings,
  user: string,
  nowMs: number,
): Pick<ReadyFrame, 'ice_servers' | 'ice_transport_policy'> {
  const stun = settings.urls.filter((url) => !isTurnUrl(url));
  const turn = settings.urls.filter(isTurnUrl);
  const servers: IceServer[] = [];
  if (stun.length > 0) servers.push({ urls: stun });
  // Config refuses TURN URLs without a secret; a host built without it gets no TURN rather than a broken one.
  if (turn.length > 0 && settings.turnSecret !== undefined) {
    const expiresAt = Math.floor(nowMs / 1000) + settings.credentialTtlSeconds;
    servers.push({ urls: turn, ...turnCredential(settings.turnSecret, user, expiresAt) });
  }
  return { ice_servers: servers, ice_transport_policy: settings.transportPolicy };
}
