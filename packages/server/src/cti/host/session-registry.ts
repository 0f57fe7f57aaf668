import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ctiLimits, type EventFrame } from '@open/protocol/cti/protocol';
import { newSessionId, sameLink, type LinkAddress, type LinkDelivery } from '../bus/bus.js';
import { noSessionStore, type SessionStore, type StoredSession } from '../bus/state-store.js';
import type { Scheduler } from '../engine/scheduler.js';

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
  /** The latest events, oldest first, for a client that resumes. */
  recent: EventFrame[];
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
  const byId = new Map<string, Session>();
  const byAgent = new Map<string, Session>();

  function end(session: Session): void {
    session.cancelGrace?.();
    session.cancelGrace = undefined;
    byId.delete(session.id);
    if (byAgent.get(session.agentId) === session) byAgent.delete(session.agentId);
    store.removeSession(session);
  }

  function add(session: Session) {
    byId.set(session.id, session);
    byAgent.set(session.agentId, session);
  }

  /** The link dropped: the session waits `graceMs` for its client. */
  function detach(session: Session, link: LinkAddress): void {
    // A link replaced by a resume or a takeover has nothing left to detach.
    if (!sameLink(session.link, link) || !byId.has(session.id)) return;
    session.link = null;
    store.saveSession(toStored(session));
    startGrace(session);
  }

  function startGrace(session: Session) {
    session.cancelGrace?.();
    session.cancelGrace = scheduler.after(graceMs, () => {
      session.cancelGrace = undefined;
      if (session.link !== null || !byId.has(session.id)) return;
      end(session);
      onExpired(session);
    });
  }

  /** The time of events published in the same millisecond (one change told to many agents) is one string. */
  let lastMs = Number.NaN;
  let lastIso = '';
  function isoNow(): string {
    const now = scheduler.now();
    if (now !== lastMs) {
      lastMs = now;
      lastIso = new Date(now).toISOString();
    }
    return lastIso;
  }

  return {
    /**
     * A new session for an agent. An agent's earlier session (another tab, another device) is
     * ended and returned, so the caller can tell its link why.
     */
    open(input: { agentId: string; tenantId: string; lang: string; tokenExpiresAt: Date; link: LinkAddress }) {
      const previous = byAgent.get(input.agentId);
      if (previous) end(previous);
      const session: Session = {
        ...input,
        id: newSessionId(input.tenantId),
        resumeKey: newResumeKey(),
        seq: 0,
        recent: [],
        cancelGrace: undefined,
      };
      add(session);
      store.saveSession(toStored(session));
      return { session, replaced: previous };
    },

    /**
     * Takes a session back on a new link when the key matches: the key changes, the grace
     * period stops, and the events after `lastSeq` are returned to send again (`all` is false
     * when some were too old to keep). Undefined when there is no such session.
     */
    resume(sessionId: string, key: string, lastSeq: number, link: LinkAddress) {
      const session = byId.get(sessionId);
      if (!session || !sameKey(session.resumeKey, key) || lastSeq > session.seq) return undefined;
      session.cancelGrace?.();
      session.cancelGrace = undefined;
      const previousLink = session.link;
      session.link = link;
      session.resumeKey = newResumeKey();
      store.saveSession(toStored(session));
      const missed = session.recent.filter((event) => event.seq > lastSeq);
      const oldestKept = session.recent[0]?.seq ?? session.seq + 1;
      return { session, missed, all: lastSeq >= oldestKept - 1, previousLink };
    },

    /**
     * A session taken over from a node that is gone, as it last saved it. Its socket may still be
     * up on a third node; when it is not, the grace period starts now.
     */
    restore(stored: StoredSession, recent: EventFrame[], linkAlive: boolean): Session {
      const session: Session = {
        ...stored,
        tokenExpiresAt: new Date(stored.tokenExpiresAt),
        seq: recent.at(-1)?.seq ?? 0,
        recent,
        link: linkAlive ? stored.link : null,
        cancelGrace: undefined,
      };
      add(session);
      if (!session.link) startGrace(session);
      return session;
    },

    detach,

    /** Ends a session at once (logout, shutdown). */
    end,

    /** Sessions dropped without a save (their tenant now runs on another node). */
    forget(tenantId: string) {
      for (const session of [...byId.values()]) {
        if (session.tenantId !== tenantId) continue;
        session.cancelGrace?.();
        byId.delete(session.id);
        if (byAgent.get(session.agentId) === session) byAgent.delete(session.agentId);
      }
    },

    /** Numbers an event for the agent's session, keeps it, and sends it if the link is up. */
    publish(agentId: string, name: string, data: unknown): EventFrame | undefined {
      const session = byAgent.get(agentId);
      if (!session) return undefined;
      session.seq += 1;
      const frame: EventFrame = { type: 'event', seq: session.seq, name, at: isoNow(), data };
      session.recent.push(frame);
      if (session.recent.length > ctiLimits.replayEvents) session.recent.shift();
      store.saveEvent(session, frame);
      if (session.link) delivery.send(session.link, frame);
      return frame;
    },

    find(sessionId: string): Session | undefined {
      return byId.get(sessionId);
    },

    forAgent(agentId: string): Session | undefined {
      return byAgent.get(agentId);
    },

    all(): Session[] {
      return [...byId.values()];
    },
  };
}

export type SessionRegistry = ReturnType<typeof createSessionRegistry>;
