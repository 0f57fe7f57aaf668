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
 *   they are refused at once, with a catalogued code that says why.
 */
import type { ReadyFrame } from '@open/protocol/cti/protocol';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import type { callStatuses, sessionEndReasons } from '@open/protocol/softphone/catalogue';
import { CtiError, type SessionEndCause, type SocketLogEntry } from '../../socket/cti-socket.js';

/** How long a method called after init() waits for the phone's first sign-in. */
export const READY_WAIT_MS = 20_000;

/** An event of the catalogue the phone raises itself, as the bridge carries it. */
export interface PhoneEvent {
  name: string;
  data: Record<string, unknown>;
}

type CallStatus = (typeof callStatuses)[number];
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

const isCallStatus = (value: unknown): value is CallStatus =>
  value === 'ringing' || value === 'talking' || value === 'held' || value === 'ended';

/** The calls a `ready` frame lists (the server adds them to its agent), or null when it lists none. */
function callsOf(ready: ReadyFrame): Map<string, CallStatus> | null {
  const calls = (ready.agent as { calls?: unknown }).calls;
  if (!Array.isArray(calls)) return null;
  const found = new Map<string, CallStatus>();
  for (const call of calls as { call_id?: unknown; call_status?: unknown }[]) {
    if (typeof call.call_id === 'string' && isCallStatus(call.call_status) && call.call_status !== 'ended')
      found.set(call.call_id, call.call_status);
  }
  return found;
}

export function createLifecycle(options: LifecycleOptions) {
  const readyWaitMs = options.readyWaitMs ?? READY_WAIT_MS;
  /** starting: init() or a take-back is signing in; ready: signed in; failed: that sign-in was refused. */
  let phase: 'starting' | 'ready' | 'failed' | 'ended' = 'starting';
  let failure: ErrorName = 'phoneNotReady';
  let endedBy: SessionEndCause = 'closed';
  /** The calls the host page was told are live, and their last status. */
  const calls = new Map<string, CallStatus>();
  /** Between connectionLost and connectionRestored (or the end): the reconnects worth telling. */
  let offline = false;
  /** The calls a resume's `ready` listed: after the replay, any other call we hold has ended. */
  let resumedWith: Map<string, CallStatus> | null = null;
  const waiters = new Set<Waiter>();

  const coded = (name: ErrorName, data: unknown = null) =>
    new CtiError(errorCatalogue[name].code, options.messageOf(name), data);
  const endedError = () => coded('sessionEnded', { reason: endedBy });

  function settleWaiters(error: CtiError | null) {
    for (const waiter of waiters) {
      clearTimeout(waiter.timer);
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
    waiters.clear();
  }

  /** callStatusChange `ended` for each call the page still believes live, which the server ended. */
  function endCalls(which: (callId: string) => boolean): PhoneEvent[] {
    const ended: PhoneEvent[] = [];
    for (const [callId, status] of calls) {
      if (!which(callId)) continue;
      calls.delete(callId);
      ended.push({ name: 'callStatusChange', data: { call_id: callId, call_status: 'ended', previous: status } });
    }
    return ended;
  }

  function track(callId: unknown, status: unknown) {
    if (typeof callId !== 'string' || !isCallStatus(status)) return;
    if (status === 'ended') calls.delete(callId);
    else calls.set(callId, status);
  }

  return {
    /** A sign-in begins (init, or taking the agent back): methods wait for it again. */
    starting(): void {
      phase = 'starting';
      offline = false;
    },

    /**
     * The phone signed in (the bridge's `ready` has been posted): waiting methods go ahead. A
     * take-back is announced with the agent's state, calls included.
     */
    signedIn(ready: ReadyFrame, takenBack: boolean): PhoneEvent[] {
      phase = 'ready';
      offline = false;
      calls.clear();
      for (const [callId, status] of callsOf(ready) ?? []) calls.set(callId, status);
      settleWaiters(null);
      return takenBack ? [{ name: 'takenBack', data: { agent: ready.agent } }] : [];
    },

    /** The first sign-in failed: waiting methods are refused with its error (errors.ts, by name). */
    loginFailed(name: string): void {
      if (phase === 'ended') return;
      phase = 'failed';
      failure = Object.hasOwn(errorCatalogue, name) ? (name as ErrorName) : 'phoneNotReady';
      settleWaiters(coded(failure));
    },

    /**
     * Resolves when a method may be sent: at once once signed in, after the first sign-in
     * otherwise (at most `readyWaitMs`). Rejects with why it may not: the session ended, the
     * sign-in failed, or it did not come in time.
     */
    whenReady(): Promise<void> {
      if (phase === 'ready') return Promise.resolve();
      if (phase === 'ended') return Promise.reject(endedError());
      if (phase === 'failed') return Promise.reject(coded(failure));
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(coded('phoneNotReady'));
          }, readyWaitMs),
        };
        waiters.add(waiter);
      });
    },

    /** Whether the session is over (and why): methods are refused without waiting. */
    get ended(): SessionEndCause | null {
      return phase === 'ended' ? endedBy : null;
    },

    /**
     * An event of the engine, before the host page hears it: the calls are followed, and the
     * end of a resume's replay (interruptionCancelled) ends the calls the server ended while the
     * phone was away but whose own events were too old to be replayed. Returns what the page
     * must hear first.
     */
    engineEvent(name: string, data: Record<string, unknown>): PhoneEvent[] {
      if (name === 'callStatusChange') track(data.call_id, data.call_status);
      else if (name === 'callDataChange') {
        const call = data.call as { call_id?: unknown; call_status?: unknown } | undefined;
        track(call?.call_id, call?.call_status);
      } else if (name === 'interruptionCancelled' && resumedWith) {
        const live = resumedWith;
        resumedWith = null;
        return endCalls((callId) => !live.has(callId));
      }
      return [];
    },

    /** What the socket reported, as the events the host page hears (none for most entries). */
    fromLog(entry: SocketLogEntry, ready: ReadyFrame | null): PhoneEvent[] {
      switch (entry.type) {
        case 'linkLost':
          offline = true;
          return [
            {
              name: 'connectionLost',
              data: { at: new Date(entry.at).toISOString(), active_calls: calls.size, grace_ms: entry.graceMs },
            },
          ];
        case 'reconnecting':
          // Attempts of a first sign-in are not a lost connection: methods are waiting for it.
          return offline ? [{ name: 'reconnecting', data: { attempt: entry.attempt, delay_ms: entry.delayMs } }] : [];
        case 'reconnected': {
          offline = false;
          resumedWith = ready ? callsOf(ready) : null;
          return [
            {
              name: 'connectionRestored',
              data: { attempt: entry.attempt, missed_events: entry.missedEvents, offline_ms: entry.offlineMs },
            },
          ];
        }
        case 'ended': {
          offline = false;
          // A first sign-in refused had no session: loginAuthFailed and the refused `ready` say so.
          if (!entry.hadSession) return [];
          phase = 'ended';
          endedBy = entry.cause;
          settleWaiters(endedError());
          // Taken over: the session and its calls go on in the other tab, so nothing ended.
          if (entry.cause === 'takenOver') return [{ name: 'takenOver', data: {} }];
          const reason: SessionEndReason = entry.cause;
          return [
            ...endCalls(() => true),
            {
              name: 'sessionEnded',
              data: { reason, code: errorCatalogue[entry.error].code, message: options.messageOf(entry.error) },
            },
          ];
        }
        default:
          return [];
      }
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
