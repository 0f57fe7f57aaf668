import type { DialPlanFields } from '@open/protocol/dial-plan';
import type { CarrierHost } from '@open/protocol/trunk';

/**
 * A tenant's SIP trunk, as an admin sets it in the CMS's call-centre panel (docs/TELEPHONY.md).
 * A tenant without one, or with one switched off, keeps the simulated telephone network.
 */
export const trunkTransports = ['udp', 'tcp'] as const;
export type TrunkTransport = (typeof trunkTransports)[number];

export interface TrunkSettings {
  tenantId: string;
  /** Off: the tenant is back on the simulated network, the settings kept for later. */
  enabled: boolean;
  /** The carrier's SIP server: a host name or an IP address. */
  host: string;
  port: number;
  transport: TrunkTransport;
  /** Digest credentials the carrier asks for (401/407); null when it authenticates by address. */
  username: string | null;
  /** Never returned by any call, written to no log and no audit entry. */
  password: string | null;
  /** Addresses (IPv4 or IPv6, a CIDR prefix allowed) whose INVITEs are taken; others get 403. */
  allowedSources: string[];
  /** Numbers that ring the tenant's queue when an INVITE is addressed to them (unique across tenants). */
  dids: string[];
  /**
   * Numbers the carrier lets the tenant present. An agent's displayed number is sent when it is
   * one of them, else the first; empty: the agent's displayed number as it is.
   */
  displayNumbers: string[];
  /** Calls in and out at once (the carrier's channels); null: no cap. */
  maxCalls: number | null;
  /** Its callers waiting in the queue at once; null: no cap. */
  maxWaiting: number | null;
  /** What goes out beyond the numbering rule: short numbers, blocked and allowed prefixes, international calls. */
  dialPlan: DialPlanFields;
  /** The carrier's other servers, tried in order after `host` (carrier-watch.ts says which are down). */
  failoverHosts: CarrierHost[];
  /** Its servers are sent OPTIONS pings; off for a carrier that ignores them. */
  optionsPing: boolean;
  /** A call whose far end sends no audio this long is ended (relay-watch.ts); null: never. */
  farEndSilenceSeconds: number | null;
}

/** The trunk's carrier servers in its order: its host first, then its failover hosts. */
export const carrierHostsOf = (trunk: Pick<TrunkSettings, 'host' | 'port' | 'failoverHosts'>): CarrierHost[] => [
  { host: trunk.host, port: trunk.port },
  ...trunk.failoverHosts,
];

/** The settings as every call returns them: the password reduced to whether there is one. */
export type TrunkSettingsView = Omit<TrunkSettings, 'password'> & { hasPassword: boolean };

export const viewOfTrunk = ({ password, ...rest }: TrunkSettings): TrunkSettingsView => ({
  ...rest,
  hasPassword: password !== null && password !== '',
});
