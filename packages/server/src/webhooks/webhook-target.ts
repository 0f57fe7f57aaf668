import { BlockList, isIP } from 'node:net';
import { trunkHostConcern } from '@open/protocol/trunk';

/**
 * Where a webhook may post (docs/WEBHOOKS.md, "Addresses"). A webhook's address is typed by a
 * tenant's admin, and the server posts to it from inside its network: without a rule it would
 * be a way to reach what only the node reaches (its metadata service, the database's port, the
 * company's intranet). Cloud metadata and link-local addresses are never posted to; this
 * machine and private networks only when the operator allows them (WEBHOOK_PRIVATE_TARGETS),
 * as a CRM on the company's own network needs.
 */
export type TargetConcern = 'metadata' | 'linkLocal' | 'loopback' | 'private';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addSubnet('0.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
loopback.addAddress('::', 'ipv6');

const privateNetworks = new BlockList();
for (const [network, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  // Carrier-grade NAT (RFC 6598): a provider's inside, never a CRM on the internet.
  ['100.64.0.0', 10],
] as const) {
  privateNetworks.addSubnet(network, prefix, 'ipv4');
}
// Unique local addresses (RFC 4193).
privateNetworks.addSubnet('fc00::', 7, 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) as the IPv4 address it reaches. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** What an IP address is, or a name judged by what it says (a name's DNS answers are judged when posting). */
export function targetConcern(host: string): TargetConcern | undefined {
  const bare = unmapped(host.replace(/^\[|\]$/g, ''));
  const named = trunkHostConcern(bare);
  if (named) return named;
  const version = isIP(bare);
  if (version === 0) return undefined;
  const type = version === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(bare, type)) return 'loopback';
  if (privateNetworks.check(bare, type)) return 'private';
  return undefined;
}

/** Whether a post to this address (or name) is refused under the operator's setting. */
export function refusedTarget(host: string, allowPrivate: boolean): TargetConcern | undefined {
  const concern = targetConcern(host);
  if (concern === 'metadata' || concern === 'linkLocal') return concern;
  return concern && !allowPrivate ? concern : undefined;
}
