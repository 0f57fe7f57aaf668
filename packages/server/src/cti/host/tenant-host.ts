import type { FastifyBaseLogger } from 'fastify';
import type { ErrorName } from '@open/protocol/errors';
import type { Lang } from '@open/protocol/locales';
import type { Executor } from '../../db/executor.js';
import type { LinkDelivery } from '../bus/bus.js';
import { noTenantStore, type TenantStore } from '../bus/state-store.js';
import type { AttachedData, CallRecord } from '../engine/calls/call-model.js';
import type { InboundLine, OutsideLine } from '../engine/calls/outside-line.js';
import { createEngine } from '../engine/engine.js';
import type { Scheduler } from '../engine/scheduler.js';
import { eventErrorMessage } from './event-message.js';
import { createSessionRegistry } from './session-registry.js';
import { createAgentSaves } from './tenant-host-agents.js';
import type { AgentProfile, Engine } from '../engine/engine.js';
import {
  noEventSink,
  type EventSink,
  type HostContext,
  type HostOptions,
  type LoadProfiles,
} from './tenant-host-context.js';
import { startIceRefresh } from './tenant-host-ice.js';
import { createHostOps } from './tenant-host-ops.js';
import { createHostPort } from './tenant-host-port.js';
import { createRecordWriter } from './tenant-host-records.js';
import { createExtensionBook } from './tenant-extensions.js';

export type { EventSink, HostOptions, LoadProfiles } from './tenant-host-context.js';
export type { HostOps, OpenedSession } from './tenant-host-ops.js';

const agentOf = (profile: AgentProfile | undefined, agentId: string) => ({
  agent_id: agentId,
  name: profile?.name ?? null,
  extension: profile?.extension ?? null,
});

/** An engine event for an agent's session; one that reports a failure gets its message in the phone's language. */
function publishEvent(
  { registry, agents, engine, events }: Pick<HostContext, 'registry' | 'agents' | 'engine' | 'events'>,
  agentId: string,
  name: string,
  data: Record<string, unknown>,
) {
  agents.trackCalls(agentId, name, data);
  const profile = engine.profileOf(agentId);
  if (profile && events.wants(profile.tenantId)) {
    events.add({
      tenantId: profile.tenantId,
      type: name,
      agentId,
      agent: agentOf(profile, agentId),
      data,
      at: new Date(),
    });
  }
  const session = registry.forAgent(agentId);
  // An event that reports a failure carries its message in the phone's language, filled
  // with the values the engine gives (never a raw {{placeholder}}: event-message.ts).
  const error = data.error as ErrorName | undefined;
  const payload =
    error !== undefined && session
      ? { code: data.code, message: eventErrorMessage(session.lang as Lang, error, data.values) }
      : data;
  registry.publish(agentId, name, payload);
}

/** A call's record reaches the back end once it is stored, so what the CRM is told it can read. */
function recordsToBackEnd(events: EventSink, profileOf: (agentId: string) => AgentProfile | undefined) {
  return (written: readonly CallRecord[]) => {
    for (const record of written) {
      if (!events.wants(record.tenant_id)) continue;
      events.add({
        tenantId: record.tenant_id,
        type: 'callRecord',
        agentId: record.agent_id,
        agent: agentOf(profileOf(record.agent_id), record.agent_id),
        data: record,
        at: new Date(),
      });
    }
  };
}

/**
 * The owner's half of the call centre: the engine, the sessions its events go to, and the call
 * records it leaves. On one node it runs every tenant; with Redis, the tenants whose lease
 * this node holds. Its parts, beside this file: tenant-host-ops.ts (what the gateways ask),
 * tenant-host-port.ts and tenant-host-adoption.ts (what the bus asks), tenant-host-agents.ts
 * (the agents' saved state) and tenant-host-records.ts (the call records).
 */
export function createTenantHost({
  db,
  scheduler,
  options,
  delivery,
  loadProfiles,
  store = noTenantStore,
  outsideLine = () => Promise.resolve(null),
  trunksChanged = () => undefined,
  events = noEventSink,
}: {
  db: Executor;
  scheduler: Scheduler;
  options: HostOptions;
  delivery: LinkDelivery;
  /** Reads an agent's profiles when its phone signs in or resumes, and when a tenant is adopted. */
  loadProfiles: LoadProfiles;
  store?: TenantStore;
  /** The tenant's SIP trunk (telephony/); none: every tenant is on the simulated network. */
  outsideLine?: (tenantId: string) => Promise<OutsideLine | null>;
  /** A trunk was saved or removed on some node: the trunks `outsideLine` holds are read again. */
  trunksChanged?: () => void;
  /** Where the tenants' events go besides the phones (the webhooks). */
  events?: EventSink;
}) {
  const records = createRecordWriter(db, {
    onWritten: recordsToBackEnd(events, (agentId) => engine.profileOf(agentId)),
  });
  const registry = createSessionRegistry({
    scheduler,
    graceMs: options.graceMs,
    delivery,
    store,
    onExpired: (session) => {
      engine.detach(session.agentId);
    },
  });
  const agents = createAgentSaves(store, records.isClosed);
  const engine = createEngine({
    scheduler,
    onCallEnded: (callRecords) => {
      records.write(callRecords);
    },
    onAgentSaved: (agentId, tenantId, snapshot) => {
      agents.snapshot(agentId, tenantId, snapshot);
    },
    onLateWrapUp: (record, wrapUp) => {
      records.wrapUp(record, wrapUp);
    },
    // Positional, with one context made once: this runs once an agent for a tenant-wide
    // change, 10,000 times in a row (bench/cti-load).
    publish: (agentId, name, data) => {
      publishEvent(publishing, agentId, name, data);
    },
  });
  const publishing = { registry, agents, engine, events };
  const ctx: HostContext = {
    db,
    scheduler,
    options,
    delivery,
    store,
    loadProfiles,
    outsideLine,
    trunksChanged,
    engine,
    registry,
    agents,
    extensions: createExtensionBook(db),
    records,
    events,
    adoptions: new Map(),
  };
  const ops = createHostOps(ctx);
  const stopIceRefresh = startIceRefresh(ctx);

  return {
    engine,
    registry,
    ops,
    port: createHostPort(ctx, ops),
    /**
     * A caller on a tenant's SIP trunk: queued like a simulated one. In process only: the
     * trunk's dialog lives in this node's SIP stack (a node with SIP_LISTEN runs every tenant).
     */
    trunkInbound: (tenantId: string, from: string, data: AttachedData, line: InboundLine) =>
      engine.inbound(tenantId, from, data, line),
    useLogger(logger: Pick<FastifyBaseLogger, 'error'>) {
      records.useLogger(logger);
    },
    /**
     * Waits for the call records being written, then writes no more (shutdown, tests). Calls may
     * still end while it waits (their timers run on): their records are waited for too, or they
     * would reach a database that closes next.
     */
    close: (): Promise<void> => {
      stopIceRefresh();
      return records.close();
    },
    checkOutAll: () => {
      checkOutAll(engine, store);
    },
    flush: (): Promise<void> => records.flush(),
  };
}

export type TenantHost = ReturnType<typeof createTenantHost>;

/**
 * This node stops and no store keeps its agents for another node (one node, no Redis): they are
 * checked out and their calls end here, so their records are kept and the CRM's back end hears
 * them go offline. Before, a restart lost them without a word: the back end showed them in
 * after-call work for good (e2e/crm-back-end.test.ts found it).
 */
function checkOutAll(engine: Engine, store: TenantStore): void {
  if (store !== noTenantStore) return;
  for (const agentId of engine.heldAgentIds()) engine.detach(agentId);
}
