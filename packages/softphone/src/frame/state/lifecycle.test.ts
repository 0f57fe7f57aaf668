import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeCodes, type ReadyFrame } from '@open/protocol/cti/protocol';
import { errorCatalogue } from '@open/protocol/errors';
import { eventNames } from '@open/protocol/softphone/catalogue';
import type { CtiError } from '../../socket/cti-socket.js';
import { eventFrame, fakeLink, readyFrame } from '../../../test/fake-link.js';
import { createLifecycle, READY_WAIT_MS, type PhoneEvent } from './lifecycle.js';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as CtiError,
  );

/**
 * The phone as main.tsx wires it: the socket's log and events through the lifecycle, and what
 * the host page would hear, in order.
 */
function phone() {
  const link = fakeLink();
  const lifecycle = createLifecycle({ messageOf: (name) => `msg:${name}` });
  const heard: PhoneEvent[] = [];
  link.client.onLog((entry) => {
    heard.push(...lifecycle.fromLog(entry, link.client.ready));
  });
  link.client.on('*', (data, frame) => {
    const payload = (data ?? {}) as Record<string, unknown>;
    heard.push(...lifecycle.engineEvent(frame.name, payload));
    heard.push({ name: frame.name, data: payload });
  });
  const start = (ready: ReadyFrame) => {
    void link.client.connect();
    link.signIn(ready);
    heard.push(...lifecycle.signedIn(ready, false));
  };
  return { link, lifecycle, heard, start, names: () => heard.map((e) => e.name) };
}

const talking = readyFrame({}, [{ call_id: 'c1', call_status: 'talking' }]);

describe('the phone’s lifecycle events', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are events of the catalogue', () => {
    for (const name of [
      'connectionLost',
      'reconnecting',
      'connectionRestored',
      'sessionEnded',
      'takenOver',
      'takenBack',
    ])
      expect(eventNames.has(name), name).toBe(true);
  });

  it('a 10 s cut: connectionLost, reconnecting…, connectionRestored, the missed events, interruptionCancelled', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-02T09:00:00.000Z'));
    const { link, lifecycle, heard, start, names } = phone();
    start(talking);
    link.latest().frame(eventFrame(1, 'agentStatusChange', { status: 'busy' }));
    heard.length = 0;

    link.latest().drop();
    // Each attempt fails while the network is gone: after 1, 2 and 4 s.
    for (const waitMs of [1_000, 2_000, 4_000]) {
      await vi.advanceTimersByTimeAsync(waitMs);
      link.latest().drop();
    }
    // At 10 s the network is back; the browser says so before the fourth attempt's 5 s ran out.
    await vi.advanceTimersByTimeAsync(3_000);
    link.wakeUp('online');
    const back = link.latest();
    back.accept();
    back.frame(readyFrame({ resumed: true, seq: 3, resume_key: 'k2' }, [{ call_id: 'c1', call_status: 'held' }]));
    back.frame(eventFrame(2, 'callStatusChange', { call_id: 'c1', call_status: 'held', previous: 'talking' }));
    back.frame(eventFrame(3, 'agentStatusChange', { status: 'idle' }));
    back.frame(eventFrame(4, 'interruptionCancelled', { missed_events: 2 }));

    expect(names()).toEqual([
      'connectionLost',
      'reconnecting',
      'reconnecting',
      'reconnecting',
      'reconnecting',
      'connectionRestored',
      'callStatusChange',
      'agentStatusChange',
      'interruptionCancelled',
    ]);
    expect(heard[0]?.data).toEqual({ at: '2026-03-02T09:00:00.000Z', active_calls: 1, grace_ms: 60_000 });
    expect(heard.slice(1, 5).map((e) => e.data)).toEqual([
      { attempt: 1, delay_ms: 1_000 },
      { attempt: 2, delay_ms: 2_000 },
      { attempt: 3, delay_ms: 4_000 },
      { attempt: 4, delay_ms: 5_000 },
    ]);
    expect(heard[5]?.data).toEqual({ attempt: 4, missed_events: 2, offline_ms: 10_000 });
    await expect(lifecycle.whenReady()).resolves.toBeUndefined();
  });

  it('a 70 s cut: the live call ended, sessionEnded (signedOut), loginAuthFailed, methods refused at once', async () => {
    vi.useFakeTimers();
    const { link, lifecycle, heard, start, names } = phone();
    start(talking);
    link.latest().drop();
    for (let elapsed = 0; elapsed < 70_000; elapsed += 5_000) {
      await vi.advanceTimersByTimeAsync(5_000);
      link.latest().drop();
    }
    link.wakeUp('visible');
    link.latest().accept();
    // The grace period is over: the server checked the agent out, ended the call, and refuses the resume.
    link.latest().drop(closeCodes.sessionGone, 'sessionGone');

    const told = names();
    expect(told[0]).toBe('connectionLost');
    expect(told.slice(1, -3).every((name) => name === 'reconnecting')).toBe(true);
    expect(told.slice(-3)).toEqual(['callStatusChange', 'sessionEnded', 'loginAuthFailed']);
    expect(heard.slice(-3).map((e) => e.data)).toEqual([
      { call_id: 'c1', call_status: 'ended', previous: 'talking' },
      { reason: 'signedOut', code: errorCatalogue.sessionGone.code, message: 'msg:sessionGone' },
      { code: errorCatalogue.sessionGone.code, message: 'sessionGone' },
    ]);
    expect(lifecycle.ended).toBe('signedOut');
    expect(await refusal(lifecycle.whenReady())).toMatchObject({
      code: errorCatalogue.sessionEnded.code,
      message: 'msg:sessionEnded',
      data: { reason: 'signedOut' },
    });
    // Nothing more: no attempt, no event.
    const count = heard.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(heard).toHaveLength(count);
  });

  it('a disabled agent: the calls end, then sessionEnded (disabled) with the error’s code', () => {
    const { link, heard, start } = phone();
    start(readyFrame({}, [{ call_id: 'c1', call_status: 'ringing' }]));
    heard.length = 0;
    link.latest().drop(closeCodes.authFailed, 'agentDisabled');
    expect(heard).toEqual([
      { name: 'callStatusChange', data: { call_id: 'c1', call_status: 'ended', previous: 'ringing' } },
      {
        name: 'sessionEnded',
        data: { reason: 'disabled', code: errorCatalogue.agentDisabled.code, message: 'msg:agentDisabled' },
      },
      { name: 'loginAuthFailed', data: { code: errorCatalogue.agentDisabled.code, message: 'agentDisabled' } },
    ]);
  });

  it('taken over by another tab: takenOver, calls left alone, methods refused; taken back: takenBack', async () => {
    const { link, lifecycle, heard, start } = phone();
    start(talking);
    heard.length = 0;
    link.latest().drop(closeCodes.replaced, 'replaced');
    expect(heard).toEqual([{ name: 'takenOver', data: {} }]);
    expect(await refusal(lifecycle.whenReady())).toMatchObject({
      code: errorCatalogue.sessionEnded.code,
      data: { reason: 'takenOver' },
    });

    // 'Take over here': a new sign-in, during which methods wait again.
    lifecycle.starting();
    const waiting = lifecycle.whenReady();
    const again = readyFrame({ session: 's2' }, [{ call_id: 'c1', call_status: 'talking' }]);
    expect(lifecycle.signedIn(again, true)).toEqual([{ name: 'takenBack', data: { agent: again.agent } }]);
    await expect(waiting).resolves.toBeUndefined();
  });

  it('a resume that could not replay everything ends the calls its ready no longer lists', () => {
    const { link, heard, start, names } = phone();
    start(
      readyFrame({}, [
        { call_id: 'c1', call_status: 'talking' },
        { call_id: 'c2', call_status: 'ringing' },
      ]),
    );
    link.latest().drop();
    heard.length = 0;
    link.wakeUp('online');
    link.latest().accept();
    link
      .latest()
      .frame(readyFrame({ resumed: true, seq: 900, replayed_all: false }, [{ call_id: 'c2', call_status: 'talking' }]));
    link.latest().frame(eventFrame(901, 'interruptionCancelled', { missed_events: 500 }));
    expect(names()).toEqual(['connectionRestored', 'callStatusChange', 'interruptionCancelled']);
    expect(heard[1]?.data).toEqual({ call_id: 'c1', call_status: 'ended', previous: 'talking' });
  });
});

describe('methods before the phone is ready', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('wait for the first sign-in, then go', async () => {
    vi.useFakeTimers();
    const lifecycle = createLifecycle({ messageOf: (name) => name });
    let done = false;
    const waiting = lifecycle.whenReady().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(READY_WAIT_MS - 1_000);
    expect(done).toBe(false);
    lifecycle.signedIn(readyFrame(), false);
    await waiting;
    expect(done).toBe(true);
  });

  it('are refused with phoneNotReady when the sign-in takes longer than the bound', async () => {
    vi.useFakeTimers();
    const lifecycle = createLifecycle({ messageOf: (name) => name });
    const waiting = refusal(lifecycle.whenReady());
    await vi.advanceTimersByTimeAsync(READY_WAIT_MS);
    expect(await waiting).toMatchObject({ code: errorCatalogue.phoneNotReady.code, message: 'phoneNotReady' });
  });

  it('are refused with the login’s own error when it fails', async () => {
    const lifecycle = createLifecycle({ messageOf: (name) => name });
    const waiting = refusal(lifecycle.whenReady());
    lifecycle.loginFailed('loginTokenUsed');
    expect(await waiting).toMatchObject({ code: errorCatalogue.loginTokenUsed.code });
    // Later calls too, at once; a failure that is no catalogued error is phoneNotReady.
    expect(await refusal(lifecycle.whenReady())).toMatchObject({ code: errorCatalogue.loginTokenUsed.code });
    const other = createLifecycle({ messageOf: (name) => name });
    other.loginFailed('cannot open');
    expect(await refusal(other.whenReady())).toMatchObject({ code: errorCatalogue.phoneNotReady.code });
  });

  it('a first sign-in that cannot reach the server: connectionLost at once, methods refused, connectionRestored when it comes', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-02T09:00:00.000Z'));
    const { link, lifecycle, heard, names } = phone();
    const waiting = refusal(lifecycle.whenReady());
    const signedIn = link.client.connect();
    // The socket is refused before it opens (a proxy or firewall in the way, the server down).
    link.latest().drop();
    expect(names()).toEqual(['connectionLost', 'reconnecting']);
    expect(heard[0]?.data).toEqual({ at: '2026-03-02T09:00:00.000Z', active_calls: 0, grace_ms: 0 });
    // The method that was waiting, and any later one, is refused now rather than after the bound.
    expect(await waiting).toMatchObject({ code: errorCatalogue.connectionDown.code, message: 'msg:connectionDown' });
    expect(await refusal(lifecycle.whenReady())).toMatchObject({ code: errorCatalogue.connectionDown.code });
    await vi.advanceTimersByTimeAsync(1_000);
    link.latest().drop();
    await vi.advanceTimersByTimeAsync(2_500);
    const ready = readyFrame();
    link.signIn(ready);
    await signedIn;
    heard.push(...lifecycle.signedIn(ready, false));
    expect(names()).toEqual(['connectionLost', 'reconnecting', 'reconnecting', 'connectionRestored']);
    expect(heard.at(-1)?.data).toMatchObject({ attempt: 2, missed_events: 0 });
    expect((heard.at(-1)?.data as { offline_ms: number }).offline_ms).toBeGreaterThanOrEqual(1_000);
    await expect(lifecycle.whenReady()).resolves.toBeUndefined();
  });

  it('a first sign-in refused after failed attempts: loginAuthFailed, and methods refused with its error', async () => {
    vi.useFakeTimers();
    const { link, lifecycle, heard, names } = phone();
    void link.client.connect().catch(() => undefined);
    link.latest().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    link.latest().accept();
    link.latest().drop(closeCodes.authFailed, 'loginTokenExpired');
    lifecycle.loginFailed('loginTokenExpired');
    expect(names()).toEqual(['connectionLost', 'reconnecting', 'loginAuthFailed']);
    expect(heard.at(-1)?.data).toEqual({ code: errorCatalogue.loginTokenExpired.code, message: 'loginTokenExpired' });
    expect(await refusal(lifecycle.whenReady())).toMatchObject({ code: errorCatalogue.loginTokenExpired.code });
  });
});
