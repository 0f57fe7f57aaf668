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

/**
 * A trunk's caps (cms/set_trunk max_calls, max_waiting): calls in and out at once, as many as
 * the carrier sold channels for, and its callers waiting in the queue at once. Past either, an
 * INVITE gets 486 before the media relay is asked for ports, and an agent's dial trunkBusy. A new
 * trunk starts with these; null is no cap (trunks saved before caps existed were left so).
 */
export const trunkCaps = { maxCalls: 30, maxWaiting: 20, largest: 10_000 } as const;

/**
 * How long a trunk call's far end may send no audio before the call is ended (cms/set_trunk
 * far_end_silence_seconds): a carrier that vanished without a BYE, a gateway that lost the call.
 * Not counted before the call is answered or while the far end holds it without sending. The
 * relay is asked every few seconds, so a call ends up to that much later. A new trunk starts
 * with `seconds`; null: never.
 */
export const farEndSilence = { seconds: 60, smallest: 10, largest: 3600 } as const;

/**
 * A trunk's other carrier servers (cms/set_trunk failover_hosts), tried in order after its host
 * when that one is down (it missed its OPTIONS pings) or does not answer an INVITE in time.
 */
export const trunkFailover = { hostsMax: 3 } as const;

/** One of a trunk's carrier servers: its host and SIP port (the trunk's transport). */
export interface CarrierHost {
  host: string;
  port: number;
}

/** A carrier server as the node last found it (cms/get_trunk carriers): `unchecked` until its first OPTIONS. */
export const carrierStates = ['up', 'down', 'unchecked'] as const;
export type CarrierState = (typeof carrierStates)[number];

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

/**
 * The widest prefix an allowed source may have: a carrier's signalling comes from a few
 * addresses, and a wider prefix (0.0.0.0/0 above all) would let much of the internet send calls
 * in as the carrier. An IPv6 /32 is a whole provider's allocation.
 */
export const SOURCE_PREFIX_MIN = { 4: 8, 6: 32 } as const;

/** A source that is an address or prefix but too wide to be a carrier's (SOURCE_PREFIX_MIN). */
export function isSourceTooBroad(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash === -1 || !isSourceAddress(text)) return false;
  const version = ipVersion(text.slice(0, slash));
  return version !== 0 && Number(text.slice(slash + 1)) < SOURCE_PREFIX_MIN[version];
}

/** A source a trunk may list: an address or a prefix no wider than SOURCE_PREFIX_MIN. */
export const isAllowableSource = (text: string): boolean => isSourceAddress(text) && !isSourceTooBroad(text);

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
 * What a trunk's host is when it is not a carrier's server: `metadata` (a cloud's metadata
 * service, which hands the node's credentials to whoever asks from the node) and `linkLocal`
 * are refused; `loopback` (the node itself) is allowed with a warning, since a test carrier may
 * run beside the server.
 */
export type TrunkHostConcern = 'metadata' | 'linkLocal' | 'loopback';

/** GCP's metadata names; the bare name resolves through the VMs' search domain. */
const METADATA_NAMES: ReadonlySet<string> = new Set(['metadata.google.internal', 'metadata']);
const ipv4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
/** AWS, Azure, GCP, Oracle and others use 169.254.169.254; Alibaba Cloud uses 100.100.100.200. */
const METADATA_V4: readonly number[] = [ipv4(169, 254, 169, 254), ipv4(100, 100, 100, 200)];
/** AWS's IPv6 metadata service, fd00:ec2::254. */
const METADATA_V6 = [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(':');

function ipv4Value(text: string): number {
  const [a = 0, b = 0, c = 0, d = 0] = text.split('.').map(Number);
  return ipv4(a, b, c, d);
}

/** The eight groups of an address `isIPv6` takes, `::` expanded and an IPv4 tail as two groups. */
function ipv6Groups(text: string): number[] {
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  let hex = text;
  if (tail.includes('.')) {
    const value = ipv4Value(tail);
    hex = `${text.slice(0, lastColon + 1)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [left, right] = hex.split('::');
  if (right === undefined) return parse(left);
  const [head, end] = [parse(left), parse(right)];
  return [...head, ...Array<number>(8 - head.length - end.length).fill(0), ...end];
}

/**
 * The IPv4 address the system resolver reads in a name made of numbers (inet_aton: one to four
 * parts, each decimal, octal with a leading 0 or hex with 0x, the last filling the bytes left),
 * such as '0xa9fea9fe' for 169.254.169.254; undefined for a real name.
 */
function numericName(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length > 4) return undefined;
  const values = parts.map((part) => {
    if (/^0x[0-9a-f]*$/.test(part)) return parseInt(part.slice(2) || '0', 16);
    if (/^0[0-7]*$/.test(part)) return parseInt(part, 8);
    return /^[1-9][0-9]*$/.test(part) ? Number(part) : NaN;
  });
  const last = values.pop() ?? NaN;
  if (values.some((value) => !(value <= 255)) || !(last < 2 ** (8 * (4 - values.length)))) return undefined;
  return values.reduce((sum, value, at) => sum + value * 2 ** (8 * (3 - at)), last);
}

function ipv4Concern(address: number): TrunkHostConcern | undefined {
  if (METADATA_V4.includes(address)) return 'metadata';
  if (address >>> 16 === 0xa9fe) return 'linkLocal';
  // 0.0.0.0 reaches the node itself too.
  if (address >>> 24 === 127 || address === 0) return 'loopback';
  return undefined;
}

function ipv6Concern(groups: number[]): TrunkHostConcern | undefined {
  if (groups.join(':') === METADATA_V6) return 'metadata';
  if (((groups[0] ?? 0) & 0xffc0) === 0xfe80) return 'linkLocal';
  const zeros = groups.slice(0, 5).every((group) => group === 0);
  // An IPv4-mapped address (::ffff:169.254.169.254) reaches the IPv4 one.
  if (zeros && groups[5] === 0xffff) return ipv4Concern((((groups[6] ?? 0) << 16) | (groups[7] ?? 0)) >>> 0);
  // :: and ::1 reach the node itself.
  if (zeros && groups[5] === 0 && groups[6] === 0 && (groups[7] === 0 || groups[7] === 1)) return 'loopback';
  return undefined;
}

/**
 * Whether a trunk's host (one `isTrunkHost` takes) is a metadata, link-local or loopback address
 * or name; undefined for anything else. A name is judged by what it says: one that resolves to
 * such an address in DNS is not caught here.
 */
export function trunkHostConcern(host: string): TrunkHostConcern | undefined {
  const version = ipVersion(host);
  if (version === 4) return ipv4Concern(ipv4Value(host));
  if (version === 6) return ipv6Concern(ipv6Groups(host));
  const name = host.toLowerCase();
  if (METADATA_NAMES.has(name)) return 'metadata';
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  const numeric = numericName(name);
  return numeric === undefined ? undefined : ipv4Concern(numeric);
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
