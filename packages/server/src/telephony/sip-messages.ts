import { randomBytes, randomUUID } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { NameAddr, SipRequest, SipResponse } from 'sip';
import type { LineEvents } from '../cti/engine/calls/outside-line.js';
import type { TrunkSettings } from './trunk-settings.js';

/** The SIP pieces the trunk legs build and read, kept apart from the sockets so they can be tested alone. */

export type LineOutcome = Parameters<LineEvents['ended']>[0];

export const newTag = () => randomBytes(6).toString('hex');
export const newCallId = (host: string) => `${randomUUID()}@${host}`;

const uriHost = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

/**
 * The user part of a SIP URI: RFC 3261's unreserved and user-unreserved characters as they
 * are (a number's leading '+' stays '+', as carriers expect), anything else escaped.
 */
export const sipUser = (user: string) =>
  user.replace(/[^A-Za-z0-9\-_.!~*'()&=+$,;?/]/gu, (char) => encodeURIComponent(char));

/** The address of the carrier's side of a trunk, for one number. */
export function trunkUri(trunk: Pick<TrunkSettings, 'host' | 'port' | 'transport'>, user: string): string {
  const transport = trunk.transport === 'tcp' ? ';transport=tcp' : '';
  return `sip:${sipUser(user)}@${uriHost(trunk.host)}:${trunk.port}${transport}`;
}

/** A carrier server itself, with no user: what an OPTIONS ping is addressed to. */
export function serverUri(server: Pick<TrunkSettings, 'host' | 'port' | 'transport'>): string {
  const transport = server.transport === 'tcp' ? ';transport=tcp' : '';
  return `sip:${uriHost(server.host)}:${server.port}${transport}`;
}

/** This node, as a trunk reaches it. */
export function localUri(host: string, port: number, user: string, transport: 'udp' | 'tcp'): string {
  const suffix = transport === 'tcp' ? ';transport=tcp' : '';
  return `sip:${sipUser(user)}@${uriHost(host)}:${port}${suffix}`;
}

/**
 * The number in a SIP URI's user part (`sip:+8613800000000@host` → `+8613800000000`), or ''.
 * Parameters of the user part are left out: a carrier that looked the number up in a portability
 * database sends `sip:+8613800000000;npdi;rn=+8613900000000@host` (RFC 4694) for the same number.
 */
export function userOf(uri: string): string {
  const match = /^sips?:([^@;?]+)(?:;[^@?]*)?@/i.exec(uri);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * What a final refusal of our INVITE means to the agent. 486 and 600 are busy; 480 and 408 the
 * carrier's "nobody answered"; 603 the callee declined; anything else (404, 403, 5xx, a trunk
 * that never answered) is a call that could not be placed.
 */
export function outcomeOfStatus(status: number): LineOutcome {
  if (status === 486 || status === 600) return 'busy';
  if (status === 480 || status === 408) return 'noAnswer';
  if (status === 603) return 'rejected';
  if (status === 487) return 'cancelled';
  return 'failed';
}

/**
 * What a final response to our INVITE means, telling a carrier that never answered apart from one
 * that answered 408: the SIP stack makes up a 408 of its own when nothing came back within Timer B
 * (32 s), and that one has no To tag, which every response from a UAS or proxy carries (RFC 3261
 * 8.2.6.2) except 100 Trying. `heardBefore`: any response to the INVITE had come back before it.
 */
export function outcomeOfFinal(response: Pick<SipResponse, 'status' | 'headers'>, heardBefore: boolean): LineOutcome {
  const ourOwnTimeout = response.status === 408 && !heardBefore && typeof response.headers.to.params.tag !== 'string';
  return ourOwnTimeout ? 'failed' : outcomeOfStatus(response.status);
}

/** Whether `address` is one of the trunk's allowed sources (addresses, or CIDR prefixes). */
export function isAllowedSource(address: string, allowed: readonly string[]): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [base = '', prefix] = entry.split('/');
    const type = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(base) === 0) continue;
    if (prefix === undefined) list.addAddress(base, type);
    else list.addSubnet(base, Number(prefix), type);
  }
  // An IPv4 client seen through a dual-stack socket arrives as ::ffff:a.b.c.d.
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
}

/** A number as trunks and the DID list compare it (the protocol's rule, as the CMS and the database apply it). */
export { numberKey as plainNumber } from '@open/protocol/trunk';

/** A copy of a name-address with a tag added (responses must not change the request they answer). */
export const withTag = (address: NameAddr, tag: string): NameAddr => ({
  ...address,
  params: { ...address.params, tag },
});

export const isResponse = (message: SipRequest | SipResponse): message is SipResponse => 'status' in message;

/** The route set of a dialog: Record-Route as the UAS saw it, reversed for the UAC. */
export function routeSet(message: SipRequest | SipResponse, asCaller: boolean): NameAddr[] {
  const recorded = message.headers['record-route'] ?? [];
  return asCaller ? [...recorded].reverse() : [...recorded];
}
