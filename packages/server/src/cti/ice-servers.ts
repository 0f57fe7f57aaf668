/**
 * The STUN and TURN servers a phone's WebRTC connections use (DESIGN §7): agents behind NAT
 * reach each other only through a TURN relay. TURN credentials are never stored anywhere: the
 * server mints them per session from the secret it shares with coturn (`use-auth-secret`,
 * `static-auth-secret`), the "TURN REST API" coturn implements, so a credential a browser leaks
 * is worth nothing after its expiry and one agent's cannot be told from another's in the logs.
 */
import { createHmac } from 'node:crypto';
import type { IceServer, ReadyFrame } from '@open/protocol/cti/protocol';
import { isTurnUrl, type IceSettings } from '../ice-settings.js';

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
