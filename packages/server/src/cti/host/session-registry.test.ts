import { describe, expect, it } from 'vitest';
import type { EventFrame } from '@open/protocol/cti/protocol';
import { createManualScheduler } from '../../../test/manual-scheduler.js';
import type { LinkAddress } from '../bus/bus.js';
import { createSessionRegistry } from './session-registry.js';

const GRACE_MS = 60_000;

function registry() {
  const scheduler = createManualScheduler();
  const sent: { to: LinkAddress; frame: EventFrame }[] = [];
  const expired: string[] = [];
  const sessions = createSessionRegistry({
    scheduler,
    graceMs: GRACE_MS,
    delivery: {
      send: (to, frame) => sent.push({ to, frame: frame as EventFrame }),
      close: () => {},
    },
    onExpired: (session) => expired.push(session.agentId),
  });
  const open = (agentId: string) =>
    sessions.open({
      agentId,
      tenantId: 't1',
      lang: 'en',
      tokenExpiresAt: new Date(scheduler.now() + 3_600_000),
      link: { node: 'n1', conn: `c-${agentId}` },
    }).session;
  return { sessions, scheduler, sent, expired, open };
}

describe('the session registry', () => {
  it('numbers each session’s events and sends each to its own link', () => {
    const { sessions, sent, open } = registry();
    open('a');
    open('b');
    const change = { tenant: { name: 'Demo' } };
    sessions.publish('a', 'tenantInfoChange', change);
    sessions.publish('b', 'tenantInfoChange', change);
    sessions.publish('b', 'own', { n: 1 });
    expect(sent.map(({ to, frame }) => [to.conn, frame.seq, frame.name])).toEqual([
      ['c-a', 1, 'tenantInfoChange'],
      ['c-b', 1, 'tenantInfoChange'],
      ['c-b', 2, 'own'],
    ]);
    expect(sent[0]?.frame.data).toBe(change);
    // One change told to two sessions is kept once.
    expect(sessions.eventsKept).toBe(2);
  });

  it('replays after a resume the events the client missed, with their own numbers', () => {
    const { sessions, open } = registry();
    const session = open('a');
    for (let n = 1; n <= 4; n++) sessions.publish('a', 'e', { n });
    expect(sessions.detach(session, session.link ?? { node: '', conn: '' })).toBe(true);
    const resumed = sessions.resume(session.id, session.resumeKey, 2, { node: 'n1', conn: 'again' });
    expect(resumed?.missed.map((frame) => [frame.seq, frame.data])).toEqual([
      [3, { n: 3 }],
      [4, { n: 4 }],
    ]);
    expect(resumed?.all).toBe(true);
    // A key used once does not open the session again.
    expect(sessions.resume(session.id, session.resumeKey === 'x' ? 'y' : 'x', 0, { node: 'n1', conn: 'z' })).toBe(
      undefined,
    );
  });

  it('lets go of every kept event when sessions end, are taken over, expire or move to another node', () => {
    const { sessions, scheduler, expired, open } = registry();
    const shared = { tenant: 'changed' };
    for (const agent of ['a', 'b', 'c', 'd']) {
      open(agent);
      sessions.publish(agent, 'tenantInfoChange', shared);
      sessions.publish(agent, 'own', { agent });
    }
    expect(sessions.eventsKept).toBe(5);

    // Taken over by a new tab: the old session's events go, the new one has none yet.
    open('a');
    expect(sessions.eventsKept).toBe(4);
    const b = sessions.forAgent('b');
    if (b) sessions.end(b);
    expect(sessions.eventsKept).toBe(3);
    // The link drops and the grace period passes.
    const c = sessions.forAgent('c');
    if (c?.link) sessions.detach(c, c.link);
    scheduler.advance(GRACE_MS);
    expect(expired).toEqual(['c']);
    expect(sessions.eventsKept).toBe(2);
    // The tenant now runs on another node.
    sessions.forget('t1');
    expect(sessions.eventsKept).toBe(0);
    expect(sessions.all()).toEqual([]);
  });
});
