import type { FastifyBaseLogger } from 'fastify';
import { ctiTimings } from '@open/protocol/cti/protocol';
import type { Executor } from '../db/executor.js';
import type { Lifecycle } from '../lifecycle.js';
import { createLocalBus, type CallOptions, type CtiBus } from './bus/bus.js';
import { systemScheduler, type Scheduler } from './engine/scheduler.js';
import type { AgentProfile, TenantProfile } from './engine/engine.js';
import type { AttachedData } from './engine/calls/call-model.js';
import type { TenantStore } from './bus/state-store.js';
import { createTenantHost, type EventSink, type HostOps } from './host/tenant-host.js';
import { loadProfiles } from './profiles.js';
import type { IceSettings } from '../ice-settings.js';
import type { TelephonySettings } from '../config.js';
import { noTrunks, type Trunks } from './engine/calls/outside-line.js';

/** Where the call centre logs (Fastify's logger fits). */
export type CtiLog = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;

export interface CtiOptions {
  heartbeatMs?: number;
  graceMs?: number;
  authTimeoutMs?: number;
  scheduler?: Scheduler;
  /**
   * Many nodes (DESIGN §3): the bus between them and where tenants' state outlives a node
   * (bus/redis-bus.ts). Left out, this node runs every tenant itself.
   */
  cluster?: { bus: CtiBus; store: TenantStore };
  /** The STUN and TURN servers handed to phones in `ready`; none: host candidates only. */
  ice?: IceSettings;
  /**
   * SIP trunks on this node's call centre: the SIP socket and the media relay, which the
   * composition root (services.ts) builds from these settings; none: the simulated network only.
   */
  telephony?: TelephonySettings;
}

type OpArgs<K extends keyof HostOps> = Parameters<HostOps[K]>[0];
type OpResult<K extends keyof HostOps> = Awaited<ReturnType<HostOps[K]>>;

/**
 * The call centre as the rest of the server sees it: operations run on the node that owns the
 * tenant (this one, unless a cluster bus says otherwise), sockets of this node reachable from
 * the owner, and the timings the gateway applies.
 */
export function createCtiService({
  db,
  lifecycle,
  options = {},
  trunks = noTrunks,
  events,
}: {
  db: Executor;
  lifecycle: Lifecycle;
  options?: CtiOptions;
  /**
   * The node's SIP side (telephony/, built by services.ts): the tenants' outside lines and the
   * callers they bring in. Closed here, before the tenants' hosts, so calls still up end towards
   * their carriers first. Left out: the simulated network only.
   */
  trunks?: Trunks;
  /** Where the tenants' events go besides the phones: the webhooks (services.ts). */
  events?: EventSink;
}) {
  const scheduler = options.scheduler ?? systemScheduler;
  const timings = {
    heartbeatMs: options.heartbeatMs ?? ctiTimings.heartbeatMs,
    graceMs: options.graceMs ?? ctiTimings.graceMs,
    authTimeoutMs: options.authTimeoutMs ?? ctiTimings.authTimeoutMs,
  };
  const bus = options.cluster?.bus ?? createLocalBus();
  let log: CtiLog = console;
  const host = createTenantHost({
    outsideLine: (tenantId) => trunks.lineFor(tenantId),
    trunksChanged: () => {
      trunks.changed();
    },
    db,
    loadProfiles,
    scheduler,
    options: { ...timings, ...(options.ice ? { ice: options.ice } : {}) },
    delivery: bus.delivery,
    ...(options.cluster ? { store: options.cluster.store } : {}),
    ...(events ? { events } : {}),
  });
  trunks.onInbound(
    (tenantId, from, data, line) => Promise.resolve(host.trunkInbound(tenantId, from, data, line)),
    async (tenantId) => {
      await started;
      return bus.own(tenantId);
    },
  );
  const started = bus.start(host.port);
  lifecycle.onClose('call centre', async () => {
    host.checkOutAll();
    await trunks.close();
    await host.close();
    await bus.close();
  });

  const logFailure = (what: string) => (error: unknown) => {
    log.warn({ err: error }, `call centre not told of a ${what}`);
  };

  async function call<K extends keyof HostOps>(
    tenantId: string,
    op: K,
    args: OpArgs<K>,
    callOptions?: CallOptions,
  ): Promise<OpResult<K>> {
    await started;
    // What crosses the bus is the op's own result, typed by HostOps.
    return (await bus.call(tenantId, op, args, callOptions)) as OpResult<K>;
  }

  return {
    scheduler,
    timings,
    bus,
    /** The engine and sessions of the tenants this node runs (tests, health, benchmarks). */
    host,
    call,
    useLogger(logger: CtiLog) {
      log = logger;
      host.useLogger(logger);
      bus.useLogger?.(logger);
    },
    /** A caller from the public network rings the tenant (the demo page's button, tests). */
    inbound: (tenantId: string, from: string, data?: AttachedData) =>
      call(tenantId, 'inbound', { tenantId, from, ...(data ? { data } : {}) }),
    /**
     * The tenant's settings changed in the CMS: its online agents hear of it at once. The save
     * is already committed, so a call centre that cannot be reached is logged, not thrown: the
     * agents read the new settings when they next sign in or resume.
     */
    async updateTenant(tenant: TenantProfile): Promise<void> {
      await call(tenant.id, 'updateTenant', { tenant }, { ifOwned: true }).catch(logFailure('tenant change'));
    },
    /** An agent changed in the CMS; `profile` null: disabled or removed, so their session ends now. */
    async agentChanged(tenantId: string, agentId: string, profile: AgentProfile | null): Promise<void> {
      await call(tenantId, 'agentChanged', { tenantId, agentId, profile }, { ifOwned: true }).catch(
        logFailure('agent change'),
      );
    },
    /**
     * A tenant's trunk was saved or removed in the CMS: the node that runs the tenant, whose
     * calls out hold the trunk in memory, reads it again. Logged, not thrown, as `agentChanged`.
     */
    async trunkChanged(tenantId: string): Promise<void> {
      await call(tenantId, 'trunkChanged', { tenantId }, { ifOwned: true }).catch(logFailure('trunk change'));
    },
    /** Waits for the call records being written (tests). */
    flush: () => host.flush(),
  };
}

export type CtiService = ReturnType<typeof createCtiService>;
