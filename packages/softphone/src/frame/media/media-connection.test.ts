import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { awaitedCandidates, gathered, GATHER_FOR_RELAY_MS, GATHER_SIBLINGS_MS } from './media-connection.js';

/** A connection gathering its candidates, as the browser reports them: events and its description so far. */
class Gathering extends EventTarget {
  iceGatheringState: RTCIceGatheringState = 'gathering';
  localDescription = { type: 'offer', sdp: 'v=0\r\n' };
  constructor(private readonly configuration: RTCConfiguration = {}) {
    super();
  }
  getConfiguration() {
    return this.configuration;
  }
  candidate(type: RTCIceCandidateType, protocol: 'udp' | 'tcp') {
    this.localDescription.sdp += `a=candidate:1 1 ${protocol} 1 192.0.2.2 9 typ ${type}\r\n`;
    this.dispatchEvent(Object.assign(new Event('icecandidate'), { candidate: { type, protocol } }));
  }
  complete() {
    this.iceGatheringState = 'complete';
    this.dispatchEvent(new Event('icegatheringstatechange'));
  }
}

/** What `gathered` resolved with so far, or null while it waits. */
function watch(connection: Gathering) {
  const seen: { sdp: string | null } = { sdp: null };
  void gathered(connection as unknown as RTCPeerConnection).then((sdp) => {
    seen.sdp = sdp;
  });
  return seen;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the candidates the relay’s description waits for', () => {
  it('is a UDP host candidate without servers, and more with STUN or TURN', () => {
    expect(awaitedCandidates({})).toEqual(new Set(['host']));
    expect(awaitedCandidates({ iceServers: [{ urls: 'stun:stun.example:3478' }] })).toEqual(new Set(['host', 'srflx']));
    expect(awaitedCandidates({ iceServers: [{ urls: ['turn:turn.example?transport=udp'] }] })).toEqual(
      new Set(['host', 'srflx', 'relay']),
    );
    // Relayed only: the host and reflexive ones are never used.
    expect(
      awaitedCandidates({ iceServers: [{ urls: 'turns:turn.example:443' }], iceTransportPolicy: 'relay' }),
    ).toEqual(new Set(['relay']));
  });
});

describe('the description the relay is sent', () => {
  it('goes a moment after the UDP host candidates, without waiting for the TCP ones', async () => {
    const connection = new Gathering();
    const seen = watch(connection);
    connection.candidate('host', 'tcp');
    await vi.advanceTimersByTimeAsync(GATHER_SIBLINGS_MS * 4);
    expect(seen.sdp).toBeNull();
    connection.candidate('host', 'udp');
    connection.candidate('host', 'udp');
    await vi.advanceTimersByTimeAsync(GATHER_SIBLINGS_MS);
    expect(seen.sdp).toContain('udp 1 192.0.2.2 9 typ host');
    expect(seen.sdp?.split('a=candidate').length).toBe(4);
  });

  it('waits for a reflexive and a relayed candidate when STUN and TURN are configured', async () => {
    const connection = new Gathering({ iceServers: [{ urls: 'turn:turn.example' }] });
    const seen = watch(connection);
    connection.candidate('host', 'udp');
    connection.candidate('srflx', 'udp');
    await vi.advanceTimersByTimeAsync(500);
    expect(seen.sdp).toBeNull();
    connection.candidate('relay', 'udp');
    await vi.advanceTimersByTimeAsync(GATHER_SIBLINGS_MS);
    expect(seen.sdp).toContain('typ relay');
  });

  it('goes when gathering completes, though an awaited kind never came', async () => {
    const connection = new Gathering({ iceServers: [{ urls: 'stun:stun.example' }] });
    const seen = watch(connection);
    connection.candidate('host', 'udp');
    await vi.advanceTimersByTimeAsync(200);
    expect(seen.sdp).toBeNull();
    connection.complete();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.sdp).toContain('typ host');
  });

  it('goes with what it has after GATHER_FOR_RELAY_MS, as before', async () => {
    const connection = new Gathering({ iceServers: [{ urls: 'turn:turn.example' }] });
    const seen = watch(connection);
    await vi.advanceTimersByTimeAsync(GATHER_FOR_RELAY_MS - 1);
    expect(seen.sdp).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.sdp).toBe('v=0\r\n');
  });

  it('goes at once when gathering is already complete', async () => {
    const connection = new Gathering();
    connection.iceGatheringState = 'complete';
    const seen = watch(connection);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.sdp).toBe('v=0\r\n');
  });
});
