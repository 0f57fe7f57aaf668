/**
 * Where the phone stands, for the host page (DESIGN §7 'the host page always knows where the
 * phone stands'): the decisions the phone (main.tsx) takes on what its socket reports, kept
 * here as plain code so they are tested without a browser.
 *
 * - It turns the socket's log into the phone's own events of the catalogue, in order:
 *   connectionLost, reconnecting…, connectionRestored (then the missed events and the engine's
 *   interruptionCancelled), or callStatusChange `ended` for each call still believed live then
 *   sessionEnded, or takenOver; takenBack when this phone took the agent back.
 * - It keeps the calls the host page was told are live, so none is left showing as talking
 *   when the session that held it is gone.
 * - It gates methods: before the first sign-in they wait (bounded), once the session has ended
 *   they are refused at once, with a catalogued code that says why. A first sign-in that cannot
 *   reach the server is told like a lost connection (connectionLost, reconnecting…, and
 *   connectionRestored when it comes after all), and methods are refused meanwhile.
 */
import type { ReadyFrame } from '@open/protocol/cti/protocol';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import type { sessionEndReasons } from '@open/protocol/softphone/catalogue';
import { CtiError, type SessionEndCause, type SocketLogEntry } from '../../socket/cti-socket.js';
import { callsOf, endCalls, track, type CallStatus } from './lifecycle-calls.js';
import type { PhoneEvent } from './phone-event.js';

export type { PhoneEvent } from './phone-event.js';

/** How long a method called after init() waits for the phone's first sign-in. */
export const READY_WAIT_MS = 20_000;

type SessionEndReason = (typeof sessionEndReasons)[number];

interface Waiter {
  resolve: () => void;
  reject: (error: CtiError) => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface LifecycleOptions {
  /** The message of a catalogued error, in the agent's language. */
  messageOf: (name: ErrorName) => string;
  /** How long a method waits for the first sign-in (default READY_WAIT_MS). */
  readyWaitMs?: number;
}

/** Where one phone stands: what its lifecycle's parts read and change. */
interface LifecycleState {
  readonly options: LifecycleOptions;
  readonly readyWaitMs: number;
  /** starting: init() or a take-back is signing in; ready: signed in; failed: that sign-in was refused. */
  phase: 'starting' | 'ready' | 'failed' | 'ended';
  failure: ErrorName;
  endedBy: SessionEndCause;
  /** The calls the host page was told are live, and their last status. */
  readonly calls: Map<string, CallStatus>;
  /** Between connectionLost and connectionRestored (or the end): the reconnects worth telling. */
  offline: boolean;
  /**
   * A first sign-in that could not reach the server: since when (Date.now()) and its latest
   * attempt, for the connectionRestored that its success is announced with.
   */
  unreachable: { since: number; attempt: number } | null;
  /** The calls a resume's `ready` listed: after the replay, any other call we hold has ended. */
  resumedWith: Map<string, CallStatus> | null;
  readonly waiters: Set<Waiter>;
}

const coded = (state: LifecycleState, name: ErrorName, data: unknown = null) =>
  new CtiError(errorCatalogue[name].code, state.options.messageOf(name), data);
const endedError = (state: LifecycleState) => coded(state, 'sessionEnded', { reason: state.endedBy });

function settleWaiters(state: LifecycleState, error: CtiError | null) {
  for (const waiter of state.waiters) {
    clearTimeout(waiter.timer);
    if (error) waiter.reject(error);
    else waiter.resolve();
  }
  state.waiters.clear();
}

/**
 * Resolves when a method may be sent: at once once signed in, after the first sign-in
 * otherwise (at most `readyWaitMs`). Rejects with why it may not: the session ended, the
 * sign-in failed, or it did not come in time.
 */
function whenReady(state: LifecycleState): Promise<void> {
  if (state.phase === 'ready') return Promise.resolve();
  if (state.phase === 'ended') return Promise.reject(endedError(state));
  if (state.phase === 'failed') return Promise.reject(coded(state, state.failure));
  // The page heard connectionLost: a method is refused now, not held until the bound.
  if (state.unreachable) return Promise.reject(coded(state, 'connectionDown'));
  return new Promise((resolve, reject) => {
    const waiter: Waiter = {
      resolve,
      reject,
      timer: setTimeout(() => {
        state.waiters.delete(waiter);
        reject(coded(state, 'phoneNotReady'));
      }, state.readyWaitMs),
    };
    state.waiters.add(waiter);
  });
}

/** What the socket reported, as the events the host page hears (none for most entries). */
function fromLog(state: LifecycleState, entry: SocketLogEntry, ready: ReadyFrame | null): PhoneEvent[] {
  switch (entry.type) {
    case 'linkLost':
      state.offline = true;
      return [
        {
          name: 'connectionLost',
          data: { at: new Date(entry.at).toISOString(), active_calls: state.calls.size, grace_ms: entry.graceMs },
        },
      ];
    case 'reconnecting': {
      const reconnecting: PhoneEvent = {
        name: 'reconnecting',
        data: { attempt: entry.attempt, delay_ms: entry.delayMs },
      };
      if (state.phase === 'starting' && !state.offline) {
        // The first sign-in could not reach the server (refused, blocked, or no answer): the page
        // hears so at once, the methods waiting for it are refused, and the phone keeps trying.
        state.offline = true;
        const since = Date.now();
        state.unreachable = { since, attempt: entry.attempt };
        settleWaiters(state, coded(state, 'connectionDown'));
        return [
          { name: 'connectionLost', data: { at: new Date(since).toISOString(), active_calls: 0, grace_ms: 0 } },
          reconnecting,
        ];
      }
      if (state.unreachable) state.unreachable.attempt = entry.attempt;
      return state.offline ? [reconnecting] : [];
    }
    case 'reconnected': {
      state.offline = false;
      state.resumedWith = ready ? callsOf(ready) : null;
      return [
        {
          name: 'connectionRestored',
          data: { attempt: entry.attempt, missed_events: entry.missedEvents, offline_ms: entry.offlineMs },
        },
      ];
    }
    case 'ended': {
      state.offline = false;
      // A first sign-in refused had no session: loginAuthFailed and the refused `ready` say so.
      if (!entry.hadSession) return [];
      state.phase = 'ended';
      state.endedBy = entry.cause;
      settleWaiters(state, endedError(state));
      // Taken over: the session and its calls go on in the other tab, so nothing ended.
      if (entry.cause === 'takenOver') return [{ name: 'takenOver', data: {} }];
      const reason: SessionEndReason = entry.cause;
      return [
        ...endCalls(state.calls, () => true),
        {
          name: 'sessionEnded',
          data: { reason, code: errorCatalogue[entry.error].code, message: state.options.messageOf(entry.error) },
        },
      ];
    }
    default:
      return [];
  }
}

export function createLifecycle(options: LifecycleOptions) {
  const state: LifecycleState = {
    options,
    readyWaitMs: options.readyWaitMs ?? READY_WAIT_MS,
    phase: 'starting',
    failure: 'phoneNotReady',
    endedBy: 'closed',
    calls: new Map(),
    offline: false,
    unreachable: null,
    resumedWith: null,
    waiters: new Set(),
  };

  return {
    /** A sign-in begins (init, or taking the agent back): methods wait for it again. */
    starting(): void {
      state.phase = 'starting';
      state.offline = false;
      state.unreachable = null;
    },

    /**
     * The phone signed in (the bridge's `ready` has been posted): waiting methods go ahead. A
     * take-back is announced with the agent's state, calls included.
     */
    signedIn(ready: ReadyFrame, takenBack: boolean): PhoneEvent[] {
      const { unreachable } = state;
      state.phase = 'ready';
      state.offline = false;
      state.unreachable = null;
      state.calls.clear();
      for (const [callId, status] of callsOf(ready) ?? []) state.calls.set(callId, status);
      settleWaiters(state, null);
      const told: PhoneEvent[] = [];
      // The page heard connectionLost before this first sign-in: it hears that it came after all.
      if (unreachable)
        told.push({
          name: 'connectionRestored',
          data: {
            attempt: unreachable.attempt,
            missed_events: 0,
            offline_ms: Math.max(0, Date.now() - unreachable.since),
          },
        });
      if (takenBack) told.push({ name: 'takenBack', data: { agent: ready.agent } });
      return told;
    },

    /** The first sign-in failed: waiting methods are refused with its error (errors.ts, by name). */
    loginFailed(name: string): void {
      if (state.phase === 'ended') return;
      state.phase = 'failed';
      state.offline = false;
      state.unreachable = null;
      state.failure = Object.hasOwn(errorCatalogue, name) ? (name as ErrorName) : 'phoneNotReady';
      settleWaiters(state, coded(state, state.failure));
    },

    /** Resolves when a method may be sent; rejects with why it may not (whenReady above). */
    whenReady(): Promise<void> {
      return whenReady(state);
    },

    /** Whether the session is over (and why): methods are refused without waiting. */
    get ended(): SessionEndCause | null {
      return state.phase === 'ended' ? state.endedBy : null;
    },

    /**
     * An event of the engine, before the host page hears it: the calls are followed, and the
     * end of a resume's replay (interruptionCancelled) ends the calls the server ended while the
     * phone was away but whose own events were too old to be replayed. Returns what the page
     * must hear first.
     */
    engineEvent(name: string, data: Record<string, unknown>): PhoneEvent[] {
      if (name === 'callStatusChange') track(state.calls, data.call_id, data.call_status);
      else if (name === 'callDataChange') {
        const call = data.call as { call_id?: unknown; call_status?: unknown } | undefined;
        track(state.calls, call?.call_id, call?.call_status);
      } else if (name === 'interruptionCancelled' && state.resumedWith) {
        const live = state.resumedWith;
        state.resumedWith = null;
        return endCalls(state.calls, (callId) => !live.has(callId));
      }
      return [];
    },

    /** What the socket reported, as the events the host page hears (none for most entries). */
    fromLog(entry: SocketLogEntry, ready: ReadyFrame | null): PhoneEvent[] {
      return fromLog(state, entry, ready);
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
