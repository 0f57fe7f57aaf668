import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ctiLimits, type EventFrame } from '@open/protocol/cti/protocol';
import { newSessionId, sameLink, type LinkAddress, type LinkDelivery } from '../bus/bus.js';
import { noSessionStore, type SessionStore, type StoredSession } from '../bus/state-store.js';
import type { Scheduler } from '../engine/scheduler.js';
import { EventLog, ReplayRing } from './replay-ring.js';

export interface Session {
  /** `<tenant id>.<random>`: a resume finds the node that runs the tenant without a lookup. */
  id: string;
  agentId: string;
  tenantId: string;
  lang: string;
  tokenExpiresAt: Date;
  resumeKey: string;
  /** The last event's number; the next one is seq + 1. */
  seq: number;
  /** The latest events (ctiLimits.replayEvents), for a client that resumes. */
  recent: ReplayRing;
  /** The socket its frames go to, while it is up. */
  link: LinkAddress | null;
  /** Cancels the grace period's end while the link is down. */
  cancelGrace: (() => void) | undefined;
}

const newResumeKey = () => randomBytes(24).toString('base64url');

function sameKey(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const toStored = (session: Session): StoredSession => ({
  id: session.id,
  agentId: session.agentId,
  tenantId: session.tenantId,
  lang: session.lang,
  tokenExpiresAt: session.tokenExpiresAt.toISOString(),
  resumeKey: session.resumeKey,
  link: session.link,
});

/** What the functions of a registry share: its sessions, by id and by agent, and what they use. */
interface Sessions {
  byId: Map<string, Session>;
  byAgent: Map<string, Session>;
  scheduler: Scheduler;
  graceMs: number;
  delivery: LinkDelivery;
  store: SessionStore;
  onExpired: (session: Session) => void;
  /** The events the sessions' rings keep, each once. */
  log: EventLog;
}

function end(sessions: Sessions, session: Session): void {
  session.cancelGrace?.();
  session.cancelGrace = undefined;
  sessions.byId.delete(session.id);
  if (sessions.byAgent.get(session.agentId) === session) sessions.byAgent.delete(session.agentId);
  session.recent.clear();
  sessions.store.removeSession(session);
}

function add(sessions: Sessions, session: Session) {
  sessions.byId.set(session.id, session);
  sessions.byAgent.set(session.agentId, session);
}

/** The link dropped: the session waits `graceMs` for its client. False when that link was no longer the session's. */
function detach(sessions: Sessions, session: Session, link: LinkAddress): boolean {
  // A link replaced by a resume or a takeover has nothing left to detach.
  if (!sameLink(session.link, link) || !sessions.byId.has(session.id)) return false;
  session.link = null;
  sessions.store.saveSession(toStored(session));
  startGrace(sessions, session);
  return true;
}

function startGrace(sessions: Sessions, session: Session) {
  session.cancelGrace?.();
  session.cancelGrace = sessions.scheduler.after(sessions.graceMs, () => {
    session.cancelGrace = undefined;
    if (session.link !== null || !sessions.byId.has(session.id)) return;
    end(sessions, session);
    sessions.onExpired(session);
  });
}

/** The time of events published in the same millisecond (one change told to many agents) is one string. */
function isoClock(scheduler: Scheduler): () => string {
  let lastMs = Number.NaN;
  let lastIso = '';
  return () => {
    const now = scheduler.now();
    if (now !== lastMs) {
      lastMs = now;
      lastIso = new Date(now).toISOString();
    }
    return lastIso;
  };
}

function open(
  sessions: Sessions,
  input: { agentId: string; tenantId: string; lang: string; tokenExpiresAt: Date; link: LinkAddress },
) {
  const previous = sessions.byAgent.get(input.agentId);
  if (previous) end(sessions, previous);
  const session: Session = {
    ...input,
    id: newSessionId(input.tenantId),
    resumeKey: newResumeKey(),
    seq: 0,
    recent: new ReplayRing(ctiLimits.replayEvents, sessions.log),
    cancelGrace: undefined,
  };
  add(sessions, session);
  sessions.store.saveSession(toStored(session));
  return { session, replaced: previous };
}

function resume(sessions: Sessions, sessionId: string, key: string, lastSeq: number, link: LinkAddress) {
  const session = sessions.byId.get(sessionId);
  if (!session || !sameKey(session.resumeKey, key) || lastSeq > session.seq) return undefined;
  session.cancelGrace?.();
  session.cancelGrace = undefined;
  const previousLink = session.link;
  session.link = link;
  session.resumeKey = newResumeKey();
  sessions.store.saveSession(toStored(session));
  const missed = session.recent.since(lastSeq);
  const oldestKept = session.recent.oldestSeq ?? session.seq + 1;
  return { session, missed, all: lastSeq >= oldestKept - 1, previousLink };
}

function restore(sessions: Sessions, stored: StoredSession, recent: EventFrame[], linkAlive: boolean): Session {
  const session: Session = {
    ...stored,
    tokenExpiresAt: new Date(stored.tokenExpiresAt),
    seq: recent.at(-1)?.seq ?? 0,
    recent: ReplayRing.of(recent, ctiLimits.replayEvents, sessions.log),
    link: linkAlive ? stored.link : null,
    cancelGrace: undefined,
  };
  add(sessions, session);
  if (!session.link) startGrace(sessions, session);
  return session;
}

function forget(sessions: Sessions, tenantId: string) {
  for (const session of [...sessions.byId.values()]) {
    if (session.tenantId !== tenantId) continue;
    session.cancelGrace?.();
    sessions.byId.delete(session.id);
    if (sessions.byAgent.get(session.agentId) === session) sessions.byAgent.delete(session.agentId);
    session.recent.clear();
  }
}

function publish(sessions: Sessions, isoNow: () => string, agentId: string, name: string, data: unknown) {
  const session = sessions.byAgent.get(agentId);
  if (!session) return undefined;
  session.seq += 1;
  const at = isoNow();
  session.recent.push(session.seq, name, at, data);
  // Made for the wire and the store, and let go: the ring keeps the event without it.
  const frame: EventFrame = { type: 'event', seq: session.seq, name, at, data };
  sessions.store.saveEvent(session, frame);
  if (session.link) sessions.delivery.send(session.link, frame);
  return frame;
}

/**
 * The softphone sessions a node runs: one per agent (the newer takes over), each numbering its
 * events and keeping the latest for a client that comes back, each held for a grace period
 * after its link drops. The socket of a session may be on another node: frames go through
 * `delivery`.
 */
export function createSessionRegistry({
  scheduler,
  graceMs,
  delivery,
  store = noSessionStore,
  onExpired,
}: {
  scheduler: Scheduler;
  graceMs: number;
  delivery: LinkDelivery;
  store?: SessionStore;
  /** The grace period passed without the client coming back: the agent is logged out. */
  onExpired: (session: Session) => void;
}) {
  const sessions: Sessions = {
    byId: new Map(),
    byAgent: new Map(),
    scheduler,
    graceMs,
    delivery,
    store,
    onExpired,
    log: new EventLog(),
  };
  const isoNow = isoClock(scheduler);

  return {
    /**
     * A new session for an agent. An agent's earlier session (another tab, another device) is
     * ended and returned, so the caller can tell its link why.
     */
    open: (input: { agentId: string; tenantId: string; lang: string; tokenExpiresAt: Date; link: LinkAddress }) =>
      open(sessions, input),

    /**
     * Takes a session back on a new link when the key matches: the key changes, the grace
     * period stops, and the events after `lastSeq` are returned to send again (`all` is false
     * when some were too old to keep). Undefined when there is no such session.
     */
    resume: (sessionId: string, key: string, lastSeq: number, link: LinkAddress) =>
      resume(sessions, sessionId, key, lastSeq, link),

    /**
     * A session taken over from a node that is gone, as it last saved it. Its socket may still be
     * up on a third node; when it is not, the grace period starts now.
     */
    restore: (stored: StoredSession, recent: EventFrame[], linkAlive: boolean): Session =>
      restore(sessions, stored, recent, linkAlive),

    /** The link dropped: the session waits `graceMs` for its client. */
    detach: (session: Session, link: LinkAddress): boolean => {
      return detach(sessions, session, link);
    },

    /** Ends a session at once (logout, shutdown). */
    end: (session: Session): void => {
      end(sessions, session);
    },

    /** Sessions dropped without a save (their tenant now runs on another node). */
    forget: (tenantId: string): void => {
      forget(sessions, tenantId);
    },

    /** Numbers an event for the agent's session, keeps it, and sends it if the link is up. */
    publish: (agentId: string, name: string, data: unknown): EventFrame | undefined =>
      publish(sessions, isoNow, agentId, name, data),

    find(sessionId: string): Session | undefined {
      return sessions.byId.get(sessionId);
    },

    forAgent(agentId: string): Session | undefined {
      return sessions.byAgent.get(agentId);
    },

    all(): Session[] {
      return [...sessions.byId.values()];
    },

    /** Events kept for the sessions' resumes, each counted once however many sessions keep it. */
    get eventsKept(): number {
      return sessions.log.size;
    },
  };
}

export type SessionRegistry = ReturnType<typeof createSessionRegistry>;
