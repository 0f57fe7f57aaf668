import type { FastifyBaseLogger } from 'fastify';
import type { ErrorName } from '@open/protocol/errors';
import { closeCodes, type ReadyFrame } from '@open/protocol/cti/protocol';
import { isLang, type Lang } from '@open/protocol/locales';
import type { Executor } from '../../db/executor.js';
import { ApiError } from '../../errors.js';
import { sameLink, type LinkAddress, type LinkDelivery, type TenantHostPort } from '../bus/bus.js';
import { noTenantStore, type SavedAgent, type TenantStore } from '../bus/state-store.js';
import type { AttachedData, CallRecord } from '../engine/calls/call-model.js';
import type { InboundLine, OutsideLine } from '../engine/calls/outside-line.js';
import { NETWORK_PEER } from '@open/protocol/cti/protocol';
import { createEngine, type AgentProfile, type TenantProfile } from '../engine/engine.js';
import type { Scheduler } from '../engine/scheduler.js';
import { insertCallRecords } from './call-record.data.js';
import { eventErrorMessage } from './event-message.js';
import { runMethod } from './methods.js';
import { createSessionRegistry, toStored, type Session } from './session-registry.js';
import { loadProfiles } from '../profiles.js';
import { noIceServers, type IceSettings } from '../../ice-settings.js';
import { iceServersFor } from '../ice-servers.js';

/** What a gateway learns of a session it opened or resumed. */
export interface OpenedSession {
  sessionId: string;
  agentId: string;
  tenantId: string;
  lang: Lang;
}

/**
 * The operations the owner of a tenant runs for the gateways (its own and other nodes').
 * Arguments and results are plain JSON, so they cross nodes unchanged.
 */
export interface HostOps {
  /** A phone authenticated with a login token: a session, and the ready frame sent to it. */
  open: (args: {
    tenantId: string;
    agentId: string;
    askedLang: Lang | null;
    tokenExpiresAt: string;
    link: LinkAddress;
  }) => Promise<OpenedSession>;
  /** A phone came back: its session on the new link, ready, the missed events. Null: gone. */
  resume: (args: {
    sessionId: string;
    key: string;
    lastSeq: number;
    link: LinkAddress;
  }) => Promise<OpenedSession | null>;
  linkDown: (args: { sessionId: string; link: LinkAddress }) => null;
  request: (args: { sessionId: string; agentId: string; method: string; params: unknown }) => Promise<unknown>;
  inbound: (args: { tenantId: string; from: string; data?: AttachedData }) => { call_id: string; queued: number };
  updateTenant: (args: { tenant: TenantProfile }) => number;
  /** An agent edited in the CMS (`profile`), or disabled or removed (`null`). */
  agentChanged: (args: { agentId: string; profile: AgentProfile | null }) => null;
}

export interface HostOptions {
  heartbeatMs: number;
  graceMs: number;
  /** Left out: no ICE servers, host candidates only. */
  ice?: IceSettings;
}

/**
 * The owner's half of the call centre: the engine, the sessions its events go to, and the call
 * records it leaves. On one node it runs every tenant; with Redis, the tenants whose lease
 * this node holds.
 */
export function createTenantHost({
  db,
  scheduler,
  options,
  delivery,
  store = noTenantStore,
  outsideLine = () => Promise.resolve(null),
}: {
  db: Executor;
  scheduler: Scheduler;
  options: HostOptions;
  delivery: LinkDelivery;
  store?: TenantStore;
  /** The tenant's SIP trunk (telephony/); none: every tenant is on the simulated network. */
  outsideLine?: (tenantId: string) => Promise<OutsideLine | null>;
}) {
  let log: Pick<FastifyBaseLogger, 'error'> = console;
  let closed = false;
  const registry = createSessionRegistry({
    scheduler,
    graceMs: options.graceMs,
    delivery,
    store,
    onExpired: (session) => {
      engine.detach(session.agentId);
    },
  });

  /** Writes are queued one after another, so records land in the order calls ended. */
  let writes = Promise.resolve();
  function storeRecords(records: CallRecord[]) {
    if (records.length === 0 || closed) return;
    writes = writes
      .then(() => insertCallRecords(db, records))
      .catch((error: unknown) => {
        log.error({ err: error }, 'could not store call records');
      });
  }

  /** Each agent's last snapshot and calls, so a change to either saves both. */
  const saved = new Map<string, { tenantId: string; agent: SavedAgent }>();
  // On one node nothing outlives the process: no copy of each agent's state is worth its memory.
  const keepsState = store !== noTenantStore;
  function saveAgent(agentId: string, tenantId: string, next: SavedAgent | null) {
    if (!keepsState) return;
    if (next) saved.set(agentId, { tenantId, agent: next });
    else saved.delete(agentId);
    if (!closed) store.saveAgent(tenantId, agentId, next);
  }

  /** Keeps track of the calls each agent is in, from the events that say so. */
  function trackCalls(agentId: string, name: string, data: Record<string, unknown>) {
    if (name !== 'callStatusChange' || typeof data.call_id !== 'string') return;
    const current = saved.get(agentId);
    if (!current) return;
    const { calls } = current.agent;
    const ended = data.call_status === 'ended';
    if (ended === calls.includes(data.call_id)) {
      saveAgent(agentId, current.tenantId, {
        ...current.agent,
        calls: ended ? calls.filter((id) => id !== data.call_id) : [...calls, data.call_id],
      });
    }
  }

  const engine = createEngine({
    scheduler,
    onCallEnded: storeRecords,
    onAgentSaved: (agentId, tenantId, snapshot) => {
      saveAgent(agentId, tenantId, snapshot ? { ...snapshot, calls: saved.get(agentId)?.agent.calls ?? [] } : null);
    },
    publish: (agentId, name, data) => {
      trackCalls(agentId, name, data);
      const session = registry.forAgent(agentId);
      // An event that reports a failure carries its message in the phone's language, filled
      // with the values the engine gives (never a raw {{placeholder}}: event-message.ts).
      const error = data.error as ErrorName | undefined;
      const payload =
        error !== undefined && session
          ? { code: data.code, message: eventErrorMessage(session.lang as Lang, error, data.values) }
          : data;
      registry.publish(agentId, name, payload);
    },
  });

  function readyFrame(
    session: Session,
    resumed: boolean,
    replayedAll: boolean,
    attached: ReturnType<typeof engine.attach>,
  ): ReadyFrame {
    return {
      type: 'ready',
      session: session.id,
      resume_key: session.resumeKey,
      resumed,
      seq: session.seq,
      replayed_all: replayedAll,
      heartbeat_ms: options.heartbeatMs,
      grace_ms: options.graceMs,
      token_expires_at: session.tokenExpiresAt.toISOString(),
      // Minted at every open and resume, so a phone back from a long sleep never holds an expired one.
      ...iceServersFor(options.ice ?? noIceServers, session.agentId, scheduler.now()),
      agent: attached.agent,
      tenant: attached.tenant,
    };
  }

  const opened = (session: Session): OpenedSession => ({
    sessionId: session.id,
    agentId: session.agentId,
    tenantId: session.tenantId,
    lang: session.lang as Lang,
  });

  function dropAgent(agentId: string) {
    const session = registry.forAgent(agentId);
    if (session) {
      registry.end(session);
      if (session.link) delivery.close(session.link, closeCodes.authFailed, 'agentDisabled');
    }
    engine.detach(agentId);
  }

  const adoptions = new Map<string, Promise<void>>();
  /** Takes over a tenant as its last owner saved it (bus/redis-bus.ts: a node died or restarted). */
  async function adopt(tenantId: string): Promise<void> {
    const state = await store.load(tenantId);
    const linkNodes = state.sessions.flatMap(({ stored }) => (stored.link ? [stored.link.node] : []));
    const alive = await store.aliveNodes([...new Set(linkNodes)]);
    const withSession = new Set<string>();
    for (const { stored, events } of state.sessions) {
      // Already here (this node ran the tenant on): its agent keeps it.
      if (!registry.find(stored.id))
        registry.restore(stored, events, stored.link !== null && alive.has(stored.link.node));
      withSession.add(stored.agentId);
    }
    for (const { agentId, saved: snapshot } of state.agents) {
      let profiles;
      try {
        profiles = await loadProfiles(db, tenantId, agentId);
      } catch {
        // Disabled or removed while their node was down.
        profiles = undefined;
      }
      if (!profiles || !withSession.has(agentId)) {
        const session = registry.forAgent(agentId);
        if (session) registry.end(session);
        store.saveAgent(tenantId, agentId, null);
        continue;
      }
      engine.restore(profiles.profile, profiles.tenantProfile, snapshot);
      saveAgent(agentId, tenantId, { state: snapshot.state, displayNumber: snapshot.displayNumber, calls: [] });
      // Calls lived in the memory of the node that is gone: they ended with it.
      for (const callId of snapshot.calls) {
        registry.publish(agentId, 'callStatusChange', { call_id: callId, call_status: 'ended', previous: null });
      }
    }
  }

  const ops: HostOps = {
    async open({ tenantId, agentId, askedLang, tokenExpiresAt, link }) {
      const { profile, tenantProfile } = await loadProfiles(db, tenantId, agentId);
      const fallback: Lang = isLang(tenantProfile.defaultLang) ? tenantProfile.defaultLang : 'zh-CN';
      const { session, replaced } = registry.open({
        agentId,
        tenantId,
        lang: askedLang ?? fallback,
        tokenExpiresAt: new Date(tokenExpiresAt),
        link,
      });
      if (replaced?.link) delivery.close(replaced.link, closeCodes.replaced, 'replaced');
      const attached = engine.attach(profile, tenantProfile);
      delivery.send(link, readyFrame(session, false, true, attached));
      return opened(session);
    },

    async resume({ sessionId, key, lastSeq, link }) {
      const held = registry.find(sessionId);
      if (!held) return null;
      // The agent may have been disabled or removed while the link was down.
      const { profile, tenantProfile } = await loadProfiles(db, held.tenantId, held.agentId);
      const resumed = registry.resume(sessionId, key, lastSeq, link);
      if (!resumed) return null;
      const { session, previousLink } = resumed;
      if (previousLink && !sameLink(previousLink, link)) delivery.close(previousLink, closeCodes.replaced, 'replaced');
      const attached = engine.attach(profile, tenantProfile);
      delivery.send(link, readyFrame(session, true, resumed.all, attached));
      for (const event of resumed.missed) delivery.send(link, event);
      registry.publish(session.agentId, 'interruptionCancelled', { missed_events: resumed.missed.length });
      return opened(session);
    },

    linkDown({ sessionId, link }) {
      const session = registry.find(sessionId);
      if (session) registry.detach(session, link);
      return null;
    },

    async request({ sessionId, agentId, method, params }) {
      const session = registry.find(sessionId);
      // A session taken over by another tab, or ended, answers nothing more.
      if (session?.agentId !== agentId) throw new ApiError('sessionGone');
      return await runMethod(
        {
          engine,
          db,
          agentId,
          tenantId: session.tenantId,
          outsideLine: () => outsideLine(session.tenantId),
          relay: (callId, signal, to) => {
            if (to === NETWORK_PEER) {
              engine.signalLine(agentId, callId, signal);
              return;
            }
            registry.publish(engine.signalTarget(agentId, callId, to), 'rtcSignal', {
              call_id: callId,
              from: agentId,
              signal,
            });
          },
        },
        method,
        params,
      );
    },

    inbound: ({ tenantId, from, data }) => engine.inbound(tenantId, from, data),

    updateTenant: ({ tenant }) => engine.updateTenant(tenant),

    agentChanged({ agentId, profile }) {
      if (profile === null || profile.disabled) {
        dropAgent(agentId);
        return null;
      }
      const updated = engine.updateProfile(profile);
      if (updated) registry.publish(agentId, 'userInfoChange', { agent: updated });
      return null;
    },
  };

  const port: TenantHostPort = {
    run(op, args) {
      if (!Object.hasOwn(ops, op)) return Promise.reject(new ApiError('internal'));
      // The op table is ours and `args` came from our own gateway, typed at `CtiService.call`.
      const run = ops[op as keyof HostOps] as (given: unknown) => unknown;
      try {
        return Promise.resolve(run(args));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },

    adopt(tenantId) {
      // One adoption per tenant at a time: a second one would find the sessions the first
      // restored, count their agents as sessionless, and end them all.
      const running = adoptions.get(tenantId);
      if (running) return running;
      const adoption = adopt(tenantId).finally(() => {
        adoptions.delete(tenantId);
      });
      adoptions.set(tenantId, adoption);
      return adoption;
    },

    forget(tenantId) {
      // Their phones resume on the node that runs the tenant now, which has their sessions as
      // last saved; a socket left open here would hear nothing more from it.
      for (const session of registry.all()) {
        if (session.tenantId === tenantId && session.link)
          delivery.close(session.link, closeCodes.goingAway, 'ownerMoved');
      }
      engine.forgetTenant(tenantId);
      registry.forget(tenantId);
    },

    linkLost(link) {
      for (const session of registry.all()) {
        if (sameLink(session.link, link)) registry.detach(session, link);
      }
    },

    resave(tenantId) {
      for (const session of registry.all()) {
        if (session.tenantId === tenantId) store.resaveSession(toStored(session), session.recent);
      }
      for (const [agentId, kept] of saved) {
        if (kept.tenantId === tenantId) store.saveAgent(tenantId, agentId, kept.agent);
      }
    },

    isIdle(tenantId) {
      // Still loading what its last owner saved: nothing is restored yet, but it is far from idle.
      if (adoptions.has(tenantId)) return false;
      return !engine.holdsTenant(tenantId) && !registry.all().some((s) => s.tenantId === tenantId);
    },

    nodeLost(node) {
      for (const session of registry.all()) {
        if (session.link?.node === node) registry.detach(session, session.link);
      }
    },

    linkNodes() {
      return new Set(registry.all().flatMap((s) => (s.link ? [s.link.node] : [])));
    },
  };

  return {
    engine,
    registry,
    ops,
    port,
    /**
     * A caller on a tenant's SIP trunk: queued like a simulated one. In process only: the
     * trunk's dialog lives in this node's SIP stack (a node with SIP_LISTEN runs every tenant).
     */
    trunkInbound: (tenantId: string, from: string, data: AttachedData, line: InboundLine) =>
      engine.inbound(tenantId, from, data, line),
    useLogger(logger: Pick<FastifyBaseLogger, 'error'>) {
      log = logger;
    },
    /**
     * Waits for the call records being written, then writes no more (shutdown, tests). Calls may
     * still end while it waits (their timers run on): their records are waited for too, or they
     * would reach a database that closes next.
     */
    async close() {
      let waited: Promise<void>;
      do {
        waited = writes;
        await waited;
      } while (waited !== writes);
      closed = true;
    },
    flush: () => writes,
  };
}

export type TenantHost = ReturnType<typeof createTenantHost>;
