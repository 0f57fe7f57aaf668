import type { Executor } from '../../db/executor.js';
import type { IceSettings } from '../../ice-settings.js';
import type { LinkDelivery } from '../bus/bus.js';
import type { TenantStore } from '../bus/state-store.js';
import type { OutsideLine } from '../engine/calls/outside-line.js';
import type { AgentProfile, Engine, TenantProfile } from '../engine/engine.js';
import type { Scheduler } from '../engine/scheduler.js';
import type { AgentSaves } from './tenant-host-agents.js';
import type { SessionRegistry } from './session-registry.js';
import type { ExtensionBook } from './tenant-extensions.js';
import type { RecordWriter } from './tenant-host-records.js';

export interface HostOptions {
  heartbeatMs: number;
  graceMs: number;
  /** Left out: no ICE servers, host candidates only. */
  ice?: IceSettings;
}

/** An agent and its tenant as the CMS has them now (cti/profiles.ts `loadProfiles` reads them from the database). */
export type LoadProfiles = (
  db: Executor,
  tenantId: string,
  agentId: string,
) => Promise<{ profile: AgentProfile; tenantProfile: TenantProfile }>;

/**
 * Where a tenant's events go besides its phones: the CRM's back end (webhooks/event-log.ts,
 * wired by services.ts; the call centre does not know what is behind it). `wants` is asked
 * first, so a tenant nobody listens to costs a set look-up an event.
 */
export interface EventSink {
  wants(tenantId: string): boolean;
  add(event: {
    tenantId: string;
    type: string;
    agentId: string | null;
    agent: { agent_id: string; name: string | null; extension: string | null } | null;
    data: unknown;
    at: Date;
  }): void;
}

export const noEventSink: EventSink = { wants: () => false, add: () => undefined };

/** What the parts of a tenant host share (host/tenant-host.ts puts them together). */
export interface HostContext {
  db: Executor;
  scheduler: Scheduler;
  options: HostOptions;
  delivery: LinkDelivery;
  store: TenantStore;
  loadProfiles: LoadProfiles;
  /** The tenant's SIP trunk (telephony/); none: every tenant is on the simulated network. */
  outsideLine: (tenantId: string) => Promise<OutsideLine | null>;
  /** A trunk was saved or removed: what `outsideLine` holds of the trunks is read again. */
  trunksChanged: () => void;
  engine: Engine;
  registry: SessionRegistry;
  agents: AgentSaves;
  /** The extensions of each tenant's agents, for `dialOut` (tenant-extensions.ts). */
  extensions: ExtensionBook;
  /** Where the engine's call records go (tenant-host-records.ts). */
  records: RecordWriter;
  /** Where the tenants' events go besides the phones. */
  events: EventSink;
  /** The tenants being taken over, each with its adoption (one at a time per tenant). */
  adoptions: Map<string, Promise<void>>;
}
