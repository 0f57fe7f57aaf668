import type { AgentRole, AgentState, NotReadyReason, TenantInfo } from '@open/protocol/cti/protocol';
import { ApiError } from '../../errors.js';
import { nextStatus, offlineState, type AgentStatusState, type StatusRequest } from './agent-state.js';
import { createCallDesk } from './calls/call-desk.js';
import type { AttachedData, CallRecord, CallView, SupervisorMode } from './calls/call-model.js';
import type { InboundLine } from './calls/outside-line.js';
import type { DialOptions } from './calls/placing.js';
import type { Scheduler } from './scheduler.js';

/** The call a colleague is on, as the directory and the supervisor's live panel show it. */
export type PresenceCall = Pick<
  CallView,
  'call_id' | 'call_type' | 'call_status' | 'caller' | 'callee' | 'created_at' | 'answered_at'
>;

/** What the engine needs to know of an agent (from the database, at authentication). */
export interface AgentProfile {
  id: string;
  tenantId: string;
  name: string;
  extension: string | null;
  role: AgentRole;
  assistantRobot: boolean;
  disabled: boolean;
}

export interface TenantProfile {
  id: string;
  name: string;
  defaultLang: string;
  acwSeconds: number;
  notReadyReasons: NotReadyReason[];
  displayNumbers: string[];
}

/** An event for one agent's phone (names and payloads: the catalogue in protocol/softphone). */
export type Publish = (agentId: string, name: string, data: Record<string, unknown>) => void;

interface AgentRuntime {
  profile: AgentProfile;
  /** Shared by every agent of the tenant (one object per tenant, not per agent). */
  tenant: TenantProfile;
  state: AgentStatusState;
  displayNumber: string | null;
  cancelAcw: (() => void) | undefined;
}

/** What outlives the node that runs an agent (multi-node: kept in Redis, restored by the next owner). */
export interface AgentSnapshot {
  state: AgentStatusState;
  displayNumber: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The call-centre engine of one node: agents' statuses and calls, driven by their phones'
 * requests and by time. Pure of I/O: the gateway feeds it requests and carries its events; the
 * scheduler is injected, so tests run without waiting.
 */
export function createEngine({
  scheduler,
  publish,
  onCallEnded = () => {},
  onAgentSaved = () => {},
}: {
  scheduler: Scheduler;
  publish: Publish;
  /** A call ended: one record per agent who took part (the gateway stores them). */
  onCallEnded?: (records: CallRecord[]) => void;
  /** An agent's status or displayed number changed (`null`: the agent left this engine). */
  onAgentSaved?: (agentId: string, tenantId: string, snapshot: AgentSnapshot | null) => void;
}) {
  const agents = new Map<string, AgentRuntime>();
  /** The agents of each tenant, so a tenant's question never scans every agent of the node. */
  const byTenant = new Map<string, Map<string, AgentRuntime>>();
  /** `tenant id + extension` → the agent holding that extension. */
  const byExtension = new Map<string, string>();
  const extensionKey = (tenantId: string, extension: string) => `${tenantId}\n${extension}`;

  function add(agent: AgentRuntime) {
    const { id, tenantId, extension } = agent.profile;
    agents.set(id, agent);
    let ofTenant = byTenant.get(tenantId);
    if (!ofTenant) byTenant.set(tenantId, (ofTenant = new Map<string, AgentRuntime>()));
    ofTenant.set(id, agent);
    if (extension !== null) byExtension.set(extensionKey(tenantId, extension), id);
  }

  function remove(agent: AgentRuntime) {
    const { id, tenantId, extension } = agent.profile;
    agents.delete(id);
    const ofTenant = byTenant.get(tenantId);
    ofTenant?.delete(id);
    if (ofTenant?.size === 0) byTenant.delete(tenantId);
    if (extension !== null && byExtension.get(extensionKey(tenantId, extension)) === id) {
      byExtension.delete(extensionKey(tenantId, extension));
    }
  }

  /** One tenant profile object for all the tenant's agents: the newest one read. */
  function shareTenant(tenant: TenantProfile): TenantProfile {
    for (const agent of byTenant.get(tenant.id)?.values() ?? []) agent.tenant = tenant;
    return tenant;
  }

  const save = (agent: AgentRuntime) => {
    onAgentSaved(agent.profile.id, agent.profile.tenantId, { state: agent.state, displayNumber: agent.displayNumber });
  };

  const desk = createCallDesk({
    scheduler,
    onEnded: onCallEnded,
    agents: {
      profile(agentId) {
        const agent = runtime(agentId);
        return { ...agent.profile, status: agent.state.status };
      },
      find(agentId) {
        const agent = agents.get(agentId);
        return agent ? { status: agent.state.status } : undefined;
      },
      displayNumber: (agentId) => runtime(agentId).displayNumber,
      byExtension: (tenantId, extension) => byExtension.get(extensionKey(tenantId, extension)),
      readyAgents(tenantId) {
        return [...(byTenant.get(tenantId)?.values() ?? [])]
          .filter((a) => a.state.status === 'idle')
          .sort((a, b) => a.state.since - b.state.since)
          .map((a) => a.profile.id);
      },
      callEnded(agentId, talked) {
        const agent = agents.get(agentId);
        // Still in another call (a consultation, a call just taken over): after-call work waits for that one.
        if (!agent || desk.inCall(agentId)) return;
        if (talked) changeStatus(agent, { kind: 'callEnded', acwMs: agent.tenant.acwSeconds * 1000 });
        else if (agent.state.status === 'idle') desk.agentReady(agent.profile.tenantId);
      },
      missedOffer(agentId) {
        const agent = agents.get(agentId);
        if (agent?.state.status === 'idle') {
          agent.state = { ...agent.state, since: scheduler.now() };
          save(agent);
        }
      },
      publish,
    },
  });

  function runtime(agentId: string): AgentRuntime {
    const found = agents.get(agentId);
    if (!found) throw new ApiError('notCheckedIn');
    return found;
  }

  function snapshot(agent: AgentRuntime): AgentState {
    return {
      agent_id: agent.profile.id,
      tenant_id: agent.profile.tenantId,
      name: agent.profile.name,
      extension: agent.profile.extension,
      role: agent.profile.role,
      assistant_robot: agent.profile.assistantRobot,
      status: agent.state.status,
      reason_id: agent.state.reasonId,
      status_since: new Date(agent.state.since).toISOString(),
      acw_until: iso(agent.state.acwUntil),
      display_number: agent.displayNumber,
    };
  }

  const withCalls = (agent: AgentRuntime): AgentState & { calls: CallView[] } => ({
    ...snapshot(agent),
    calls: desk.viewsFor(agent.profile.id),
  });

  function tenantInfo(tenant: TenantProfile): TenantInfo {
    return {
      tenant_id: tenant.id,
      name: tenant.name,
      default_lang: tenant.defaultLang,
      not_ready_reasons: tenant.notReadyReasons,
      display_numbers: tenant.displayNumbers,
      acw_seconds: tenant.acwSeconds,
    };
  }

  /** Applies a status request; publishes the change (and what follows from it). */
  function changeStatus(agent: AgentRuntime, request: StatusRequest): void {
    const before = agent.state;
    const after = nextStatus(
      before,
      request,
      { reasonIds: agent.tenant.notReadyReasons.map((r) => r.id), inCall: desk.inCall(agent.profile.id) },
      scheduler.now(),
    );
    if (after === before) return;
    agent.state = after;
    timeAcw(agent);
    save(agent);
    const id = agent.profile.id;
    if (before.status === 'offline' || after.status === 'offline') {
      publish(id, 'loginInfoChange', { checked_in: after.status !== 'offline' });
    }
    publish(id, 'agentStatusChange', {
      status: after.status,
      previous: before.status,
      reason_id: after.reasonId,
      status_since: new Date(after.since).toISOString(),
      acw_until: iso(after.acwUntil),
    });
    if (after.status === 'idle') desk.agentReady(agent.profile.tenantId);
  }

  /** After-call work ends on its own when its time is up (also for a state restored from another node). */
  function timeAcw(agent: AgentRuntime) {
    agent.cancelAcw?.();
    agent.cancelAcw = undefined;
    const { status, acwUntil } = agent.state;
    if (status !== 'acw' || acwUntil === null) return;
    agent.cancelAcw = scheduler.after(Math.max(0, acwUntil - scheduler.now()), () => {
      agent.cancelAcw = undefined;
      changeStatus(agent, { kind: 'acwElapsed' });
      publish(agent.profile.id, 'afterCallWorkEnded', {});
    });
  }

  return {
    /**
     * Takes an agent whose phone authenticated: a known one keeps its state (another tab, a
     * resumed link), a new one starts offline. Profile and tenant are refreshed either way.
     */
    attach(profile: AgentProfile, tenant: TenantProfile): { agent: AgentState; tenant: TenantInfo } {
      let agent = agents.get(profile.id);
      const shared = shareTenant(tenant);
      if (agent) {
        // The extension may have changed in the CMS: the index follows it.
        remove(agent);
        agent.profile = profile;
        agent.tenant = shared;
        add(agent);
      } else {
        agent = {
          profile,
          tenant: shared,
          state: offlineState(scheduler.now()),
          displayNumber: tenant.displayNumbers[0] ?? null,
          cancelAcw: undefined,
        };
        add(agent);
        save(agent);
      }
      return { agent: withCalls(agent), tenant: tenantInfo(tenant) };
    },

    /**
     * Takes an agent over from a node that is gone, in the state it last saved: their status,
     * reason and displayed number; after-call work that has run out meanwhile ends now.
     */
    restore(profile: AgentProfile, tenant: TenantProfile, snapshot: AgentSnapshot): void {
      const previous = agents.get(profile.id);
      if (previous) remove(previous);
      const agent: AgentRuntime = {
        profile,
        tenant: shareTenant(tenant),
        state: snapshot.state,
        displayNumber: snapshot.displayNumber,
        cancelAcw: previous?.cancelAcw,
      };
      add(agent);
      timeAcw(agent);
    },

    /**
     * A tenant this node no longer runs: its agents and calls are dropped without events or
     * saves (the node that took it over speaks for it now).
     */
    forgetTenant(tenantId: string): void {
      for (const agent of [...(byTenant.get(tenantId)?.values() ?? [])]) {
        agent.cancelAcw?.();
        remove(agent);
      }
      desk.forgetTenant(tenantId);
    },

    /**
     * A tenant changed in the CMS (reasons, displayed numbers, after-call work): every agent of it
     * this node holds gets the new settings at once, as the event `tenantInfoChange`. A displayed
     * number no longer in the list falls back to the first one.
     */
    updateTenant(tenant: TenantProfile): number {
      let told = 0;
      shareTenant(tenant);
      // One payload for every agent: its JSON is then made once (gateway/frame-text.ts).
      const change = { tenant: tenantInfo(tenant) };
      for (const agent of byTenant.get(tenant.id)?.values() ?? []) {
        publish(agent.profile.id, 'tenantInfoChange', change);
        if (agent.displayNumber !== null && !tenant.displayNumbers.includes(agent.displayNumber)) {
          agent.displayNumber = tenant.displayNumbers[0] ?? null;
          save(agent);
          publish(agent.profile.id, 'displayNumberChange', { display_number: agent.displayNumber });
        }
        told += 1;
      }
      return told;
    },

    /** The agent's phone is gone for good (grace period over, logged out): check out, end calls. */
    detach(agentId: string): void {
      const agent = agents.get(agentId);
      if (!agent) return;
      desk.agentLost(agentId);
      if (agent.state.status !== 'offline') changeStatus(agent, { kind: 'checkOut' });
      agent.cancelAcw?.();
      remove(agent);
      onAgentSaved(agentId, agent.profile.tenantId, null);
    },

    state(agentId: string): AgentState & { calls: CallView[] } {
      return withCalls(runtime(agentId));
    },

    checkIn(agentId: string, status: 'idle' | 'busy', reasonId: string | null): AgentState {
      const agent = runtime(agentId);
      try {
        if (agent.profile.disabled) throw new ApiError('checkInNotAllowed');
        if (agent.profile.extension === null) throw new ApiError('checkInNoExtension');
        changeStatus(agent, { kind: 'checkIn', status, reasonId });
      } catch (error) {
        if (error instanceof ApiError && error.errorName !== 'alreadyCheckedIn') {
          publish(agentId, 'checkInFailed', { code: error.code, error: error.errorName, values: error.values });
        }
        throw error;
      }
      return snapshot(agent);
    },

    checkOut(agentId: string): AgentState {
      const agent = runtime(agentId);
      changeStatus(agent, { kind: 'checkOut' });
      return snapshot(agent);
    },

    setStatus(agentId: string, status: 'idle' | 'busy', reasonId: string | null): AgentState {
      const agent = runtime(agentId);
      changeStatus(agent, { kind: 'set', status, reasonId });
      return snapshot(agent);
    },

    setDisplayNumber(agentId: string, number: string): AgentState {
      const agent = runtime(agentId);
      if (!agent.tenant.displayNumbers.includes(number)) {
        throw new ApiError(
          'invalidParams',
          { detail: 'number' },
          { issues: [{ param: 'number', reason: 'notAllowed' }] },
        );
      }
      if (agent.displayNumber !== number) {
        agent.displayNumber = number;
        save(agent);
        publish(agentId, 'displayNumberChange', { display_number: number });
      }
      return snapshot(agent);
    },

    dialOut: (agentId: string, number: string, options?: DialOptions) => desk.dialOut(agentId, number, options),
    answer: (agentId: string, callId: string | null) => desk.answer(agentId, callId),
    hangUp: (agentId: string, callId: string | null) => desk.hangUp(agentId, callId),
    setMuted: (agentId: string, callId: string | null, muted: boolean) => desk.setMuted(agentId, callId, muted),
    setHeld: (agentId: string, callId: string | null, held: boolean) => desk.setHeld(agentId, callId, held),
    transferExternal: (
      agentId: string,
      callId: string | null,
      number: string,
      options?: Pick<DialOptions, 'internal' | 'assignedElsewhere'>,
    ) => desk.transferExternal(agentId, callId, number, options),
    consultTransfer: (
      agentId: string,
      callId: string | null,
      number: string,
      options?: Pick<DialOptions, 'assignedElsewhere'>,
    ) => desk.consultTransfer(agentId, callId, number, options),
    completeTransfer: (agentId: string, callId: string | null) => desk.completeTransfer(agentId, callId),
    cancelTransfer: (agentId: string, callId: string | null) => desk.cancelTransfer(agentId, callId),
    transferToQueue: (agentId: string, callId: string | null) => desk.transferToQueue(agentId, callId),
    sendDtmf: (agentId: string, callId: string | null, digits: string) => desk.sendDtmf(agentId, callId, digits),
    supervise: (supervisorId: string, agentId: string, mode: SupervisorMode | null) =>
      desk.supervise(supervisorId, agentId, mode),
    /** A caller from the public network rings the tenant (the demo page's button, tests). */
    inbound: (tenantId: string, from: string, data?: AttachedData, line?: InboundLine | null) =>
      desk.inbound(tenantId, from, data, line),

    /**
     * What a colleague's directory and the supervisor's live panel show of an agent: offline
     * unless this node holds them, and the call they are on, if any.
     */
    presence(agentId: string): { status: AgentState['status']; in_call: boolean; call: PresenceCall | null } {
      const agent = agents.get(agentId);
      const view = agent ? desk.viewsFor(agentId)[0] : undefined;
      return {
        status: agent?.state.status ?? 'offline',
        in_call: agent ? desk.inCall(agentId) : false,
        call: view
          ? {
              call_id: view.call_id,
              call_type: view.call_type,
              call_status: view.call_status,
              caller: view.caller,
              callee: view.callee,
              created_at: view.created_at,
              answered_at: view.answered_at,
            }
          : null,
      };
    },

    /** Whether an agent this engine holds has the extension (so it needs no database look-up). */
    holdsExtension: (tenantId: string, extension: string): boolean =>
      byExtension.has(extensionKey(tenantId, extension)),

    /** Who a WebRTC signal about an internal call goes to (the other agent, or `to`). */
    signalTarget: (agentId: string, callId: string, to: string | null = null) => desk.signalTarget(agentId, callId, to),
    signalLine: (agentId: string, callId: string, signal: unknown) => {
      desk.signalLine(agentId, callId, signal);
    },

    /**
     * An agent edited in the CMS while online: the engine takes the new name, extension and
     * robot at once. Undefined when this engine does not hold the agent.
     */
    updateProfile(profile: AgentProfile): AgentState | undefined {
      const agent = agents.get(profile.id);
      if (!agent) return undefined;
      remove(agent);
      agent.profile = profile;
      add(agent);
      return snapshot(agent);
    },

    /** Whether any agent or call of the tenant is here (a node lets an idle tenant's lease go). */
    holdsTenant: (tenantId: string): boolean => byTenant.has(tenantId) || desk.holdsTenant(tenantId),

    /** How many agents this node holds (for health and benchmarks). */
    size(): number {
      return agents.size;
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
