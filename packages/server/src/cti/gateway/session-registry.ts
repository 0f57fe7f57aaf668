import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { ctiLimits, type EventFrame } from '@open/protocol/cti/protocol';
import type { Scheduler } from '../engine/scheduler.js';

/** Where a session's frames go while its link is up. */
export interface SessionLink {
  send(frame: object): void;
  close(code: number, reason: string): void;
}

export interface Session {
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
  link: SessionLink | null;
  /** Cancels the grace period's end while the link is down. */
  cancelGrace: (() => void) | undefined;
}

const newResumeKey = () => randomBytes(24).toString('base64url');

function sameKey(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The softphone sessions of one node: one per agent (the newer takes over), each numbering its
 * events and keeping the latest for a client that comes back, each held for a grace period
 * after its link drops.
 */
export function createSessionRegistry({
  scheduler,
  graceMs,
  onExpired,
}: {
  scheduler: Scheduler;
  graceMs: number;
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
  }

  return {
    /**
     * A new session for an agent. An agent's earlier session (another tab, another device) is
     * ended and returned, so the caller can tell its link why.
     */
    open(input: { agentId: string; tenantId: string; lang: string; tokenExpiresAt: Date; link: SessionLink }) {
      const previous = byAgent.get(input.agentId);
      if (previous) end(previous);
      const session: Session = {
        ...input,
        id: randomUUID(),
        resumeKey: newResumeKey(),
        seq: 0,
        recent: [],
        cancelGrace: undefined,
      };
      byId.set(session.id, session);
      byAgent.set(session.agentId, session);
      return { session, replaced: previous };
    },

    /**
     * Takes a session back on a new link when the key matches: the key changes, the grace
     * period stops, and the events after `lastSeq` are returned to send again (`all` is false
     * when some were too old to keep). Undefined when there is no such session.
     */
    resume(sessionId: string, key: string, lastSeq: number, link: SessionLink) {
      const session = byId.get(sessionId);
      if (!session || !sameKey(session.resumeKey, key) || lastSeq > session.seq) return undefined;
      session.cancelGrace?.();
      session.cancelGrace = undefined;
      const previousLink = session.link;
      session.link = link;
      session.resumeKey = newResumeKey();
      const missed = session.recent.filter((event) => event.seq > lastSeq);
      const oldestKept = session.recent[0]?.seq ?? session.seq + 1;
      return { session, missed, all: lastSeq >= oldestKept - 1, previousLink };
    },

    /** The link dropped: the session waits `graceMs` for its client. */
    detach(session: Session, link: SessionLink): void {
      // A link replaced by a resume or a takeover has nothing left to detach.
      if (session.link !== link || !byId.has(session.id)) return;
      session.link = null;
      session.cancelGrace = scheduler.after(graceMs, () => {
        session.cancelGrace = undefined;
        if (session.link !== null || !byId.has(session.id)) return;
        end(session);
        onExpired(session);
      });
    },

    /** Ends a session at once (logout, shutdown). */
    end,

    /** Numbers an event for the agent's session, keeps it, and sends it if the link is up. */
    publish(agentId: string, name: string, data: unknown): EventFrame | undefined {
      const session = byAgent.get(agentId);
      if (!session) return undefined;
      session.seq += 1;
      const frame: EventFrame = {
        type: 'event',
        seq: session.seq,
        name,
        at: new Date(scheduler.now()).toISOString(),
        data,
      };
      session.recent.push(frame);
      if (session.recent.length > ctiLimits.replayEvents) session.recent.shift();
      session.link?.send(frame);
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
