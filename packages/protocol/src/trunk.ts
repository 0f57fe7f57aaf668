/**
 * The rules of a tenant's SIP trunk fields (cms/set_trunk): what a host, a source address, a
 * username and a number must be, and when two numbers are the same. Pure and browser-safe, so
 * the server's schema and the CMS form refuse exactly the same values.
 */
import { limits } from './limits.js';

export const trunkTransports = ['udp', 'tcp'] as const;
export type TrunkTransport = (typeof trunkTransports)[number];

/** SIP's port when a trunk names none. */
export const DEFAULT_SIP_PORT = 5060;

const V4_PART = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
/** Dotted decimal without leading zeros, as node:net's isIPv4 takes it. */
const IPV4 = new RegExp(`^${V4_PART}(?:\\.${V4_PART}){3}$`);
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

export function isIPv4(text: string): boolean {
  return IPV4.test(text);
}

/**
 * An IPv6 address in any of RFC 4291's text forms (`::` once, a dotted IPv4 tail), without a
 * zone (`%eth0`: meaningless for a carrier's address) and without brackets.
 */
export function isIPv6(text: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(text)) return false;
  let hex = text;
  const lastColon = text.lastIndexOf(':');
  if (lastColon === -1) return false;
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    // An IPv4 tail counts as the last two groups.
    if (!isIPv4(tail)) return false;
    hex = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = hex.split('::');
  if (halves.length > 2) return false;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  if (halves.length === 1) {
    const all = groups(hex);
    return all.length === 8 && all.every((group) => HEX_GROUP.test(group));
  }
  const [left, right] = [groups(halves[0]), groups(halves[1])];
  return left.length + right.length <= 7 && [...left, ...right].every((group) => HEX_GROUP.test(group));
}

/** 4 or 6 for an IP address, 0 for anything else (node:net's isIP, without zones). */
export function ipVersion(text: string): 0 | 4 | 6 {
  if (isIPv4(text)) return 4;
  return isIPv6(text) ? 6 : 0;
}

/** A source a trunk takes INVITEs from: an IPv4 or IPv6 address, or a CIDR prefix of one ('192.0.2.0/24'). */
export function isSourceAddress(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash === -1) return ipVersion(text) !== 0;
  const version = ipVersion(text.slice(0, slash));
  const bits = text.slice(slash + 1);
  if (version === 0 || !/^(?:0|[1-9][0-9]{0,2})$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

const DNS_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * A trunk's host: a DNS name (labels of letters, digits and inner hyphens, at most 63 each and
 * 253 in all, the last not all digits) or an IPv4 or IPv6 address. No scheme, no port, no
 * brackets: the port has its own field.
 */
export function isTrunkHost(text: string): boolean {
  if (text.length === 0 || text.length > limits.trunkHost) return false;
  if (ipVersion(text) !== 0) return true;
  const labels = text.split('.');
  // '10.0.0.300' is neither an address nor a name.
  return labels.every((label) => DNS_LABEL.test(label)) && !/^[0-9]+$/.test(labels.at(-1) ?? '');
}

/**
 * A digest username: printable ASCII without spaces, ':' or '@' (they would split a SIP URI or
 * the digest's user:realm:password), at most `limits.trunkUsername`.
 */
export function isTrunkUsername(text: string): boolean {
  return text.length <= limits.trunkUsername && /^[!-9;-?A-~]+$/.test(text);
}

/**
 * A number as trunks compare and store it: without spaces, RFC 3966's visual separators
 * ('-', '.', '(', ')') and a leading '+', so '+49 30-1234' and '49301234' are the same DID.
 */
export function numberKey(number: string): string {
  return number.replace(/[\s().-]/g, '').replace(/^\+/, '');
}

/** The positions of a list's entries that repeat an earlier one under `key`. */
export function repeatedAt(list: readonly string[], key: (value: string) => string = (value) => value): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  list.forEach((value, index) => {
    const k = key(value);
    if (seen.has(k)) repeated.push(index);
    seen.add(k);
  });
  return repeated;
}
