/**
 * Who offers to whom, and what each connection carries, with the browser's WebRTC replaced by a
 * small fake: the SDP is a JSON list of media sections with their directions, so the tests can
 * see what a side sends and receives. Real media between real browsers is e2e's business
 * (e2e/softphone-media*.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callView } from '../../../test/call-view.js';
import { createCallMedia, rtcConfigurationOf, type MediaState, type Signal } from './media.js';
import type { CallView } from '../state/phone-store.js';

type Direction = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
interface Section {
  kind: string;
  direction: Direction;
}

let nextId = 0;

class FakeTrack {
  readonly id = `track${String(++nextId)}`;
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  constructor(readonly kind: string) {}
  stop() {
    this.readyState = 'ended';
  }
}

class FakeStream {
  readonly id = `stream${String(++nextId)}`;
  private readonly tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks = () => [...this.tracks];
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
}

class FakeDtmf {
  canInsertDTMF = true;
  toneBuffer = '';
  insertDTMF(tones: string) {
    this.toneBuffer = tones;
  }
}

class FakeSender {
  track: FakeTrack | null = null;
  readonly dtmf = new FakeDtmf();
  replaceTrack(track: FakeTrack | null) {
    this.track = track;
    return Promise.resolve();
  }
  setStreams() {
    // The fake's remote side makes its own stream.
  }
}

class FakeTransceiver {
  readonly sender = new FakeSender();
  readonly receiver: { track: FakeTrack };
  /** Placed in a media section by a description (or not yet). */
  index: number | null = null;
  constructor(
    kind: string,
    public direction: Direction,
    readonly byAddTrack: boolean,
  ) {
    this.receiver = { track: new FakeTrack(kind) };
  }
  get kind() {
    return this.receiver.track.kind;
  }
}

const sends = (d: Direction) => d === 'sendrecv' || d === 'sendonly';
const receives = (d: Direction) => d === 'sendrecv' || d === 'recvonly';
const answerTo = (offered: Direction, mine: Direction): Direction => {
  const send = sends(mine) && receives(offered);
  const recv = receives(mine) && sends(offered);
  return send && recv ? 'sendrecv' : send ? 'sendonly' : recv ? 'recvonly' : 'inactive';
};

class FakePeerConnection {
  static all: FakePeerConnection[] = [];
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  /** Candidates are never gathered here: a description sent whole (to the relay) goes at once. */
  readonly iceGatheringState: RTCIceGatheringState = 'complete';
  readonly transceivers: FakeTransceiver[] = [];
  readonly candidates: RTCIceCandidateInit[] = [];
  /** The directions both sides agreed on last, section by section (this side's view). */
  agreed: Direction[] = [];
  private remoteOffer: Section[] = [];
  onicecandidate: ((event: { candidate: { toJSON: () => RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: ((event: { track: FakeTrack; streams: FakeStream[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;

  constructor(readonly configuration?: RTCConfiguration) {
    FakePeerConnection.all.push(this);
  }

  addTrack(track: FakeTrack) {
    const free = this.transceivers.find((t) => t.kind === track.kind && t.sender.track === null && !sends(t.direction));
    const transceiver = free ?? new FakeTransceiver(track.kind, 'sendrecv', true);
    if (!free) this.transceivers.push(transceiver);
    transceiver.direction = 'sendrecv';
    transceiver.sender.track = track;
    return transceiver.sender;
  }
  addTransceiver(kind: string, init: { direction: Direction }) {
    const transceiver = new FakeTransceiver(kind, init.direction, false);
    this.transceivers.push(transceiver);
    return transceiver;
  }
  getTransceivers = () => [...this.transceivers];
  getSenders = () => this.transceivers.map((t) => t.sender);
  getReceivers = () => this.transceivers.map((t) => t.receiver);

  private sections(): FakeTransceiver[] {
    for (const t of this.transceivers) t.index ??= Math.max(-1, ...this.transceivers.map((o) => o.index ?? -1)) + 1;
    return [...this.transceivers].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  }
  createOffer() {
    const sections: Section[] = this.sections().map((t) => ({ kind: t.kind, direction: t.direction }));
    return Promise.resolve({ type: 'offer' as const, sdp: JSON.stringify(sections) });
  }
  createAnswer() {
    const sections = this.remoteOffer.map((offered, index) => {
      const mine = this.transceivers.find((t) => t.index === index);
      return { kind: offered.kind, direction: answerTo(offered.direction, mine?.direction ?? 'inactive') };
    });
    return Promise.resolve({ type: 'answer' as const, sdp: JSON.stringify(sections) });
  }
  setLocalDescription(description: { type: 'offer' | 'answer' | 'rollback'; sdp?: string }) {
    if (description.type === 'rollback') this.signalingState = 'stable';
    else if (description.type === 'offer') this.signalingState = 'have-local-offer';
    else {
      this.agreed = (JSON.parse(description.sdp ?? '[]') as Section[]).map((s) => s.direction);
      this.signalingState = 'stable';
      this.connect();
    }
    return Promise.resolve();
  }
  setRemoteDescription(description: { type: 'offer' | 'answer'; sdp: string }) {
    const sections = JSON.parse(description.sdp) as Section[];
    if (description.type === 'offer') {
      this.remoteOffer = sections;
      sections.forEach((section, index) => {
        if (this.transceivers.some((t) => t.index === index)) return;
        const unplaced = this.transceivers.find((t) => t.index === null && t.byAddTrack && t.kind === section.kind);
        const transceiver = unplaced ?? this.addTransceiver(section.kind, { direction: 'recvonly' });
        transceiver.index = index;
      });
      this.signalingState = 'have-remote-offer';
      sections.forEach((section, index) => {
        if (sends(section.direction)) this.track(index);
      });
    } else {
      // The answer's directions are the remote side's: flip them to this side's view.
      this.agreed = sections.map((s) =>
        s.direction === 'sendonly' ? 'recvonly' : s.direction === 'recvonly' ? 'sendonly' : s.direction,
      );
      this.signalingState = 'stable';
      sections.forEach((section, index) => {
        if (sends(section.direction)) this.track(index);
      });
      this.connect();
    }
    return Promise.resolve();
  }
  private track(index: number) {
    const transceiver = this.transceivers.find((t) => t.index === index);
    if (transceiver) this.ontrack?.({ track: transceiver.receiver.track, streams: [] });
  }
  private connect() {
    if (this.connectionState === 'connected') return;
    queueMicrotask(() => {
      if (this.signalingState === 'closed') return;
      this.onicecandidate?.({ candidate: { toJSON: () => ({ candidate: `candidate:${String(++nextId)}` }) } });
      this.connectionState = 'connected';
      this.onconnectionstatechange?.();
    });
  }
  addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
    return Promise.resolve();
  }
  getStats() {
    return Promise.resolve(new Map([['in', { type: 'inbound-rtp', kind: 'audio', bytesReceived: 100 }]]));
  }
  close() {
    this.signalingState = 'closed';
    this.connectionState = 'closed';
  }
  /** What this side sends on, by kind, after the last negotiation. */
  sending(kind: string) {
    return this.transceivers.some(
      (t) => t.kind === kind && t.index !== null && sends(this.agreed[t.index] ?? 'inactive'),
    );
  }
  receiving(kind: string) {
    return this.transceivers.some(
      (t) => t.kind === kind && t.index !== null && receives(this.agreed[t.index] ?? 'inactive'),
    );
  }
}

/** The engine's relay: signals go to the phone `to` names, with `from` set. */
interface Phone {
  id: string;
  extension: string;
  media: ReturnType<typeof createCallMedia>;
  calls: Map<string, CallView>;
  sent: { signal: Signal; to: string }[];
  state: MediaState | null;
}

const phones = new Map<string, Phone>();

function phone(id: string, extension: string, rtcConfiguration?: () => RTCConfiguration): Phone {
  const me: Phone = {
    id,
    extension,
    calls: new Map(),
    sent: [],
    state: null,
    media: createCallMedia({
      send: (callId, signal, to) => {
        me.sent.push({ signal, to });
        // Whoever holds the agent's session now gets it (a replaced tab is out of `phones`).
        setTimeout(() => phones.get(to)?.media.signal(callId, id, signal), 0);
        return Promise.resolve({});
      },
      onChange: (state) => {
        me.state = state;
      },
      video: () => false,
      self: () => ({ agent_id: id, extension }),
      callOf: (callId) => me.calls.get(callId),
      ...(rtcConfiguration ? { rtcConfiguration } : {}),
    }),
  };
  phones.set(id, me);
  return me;
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

const view = (over: Partial<CallView>): CallView =>
  callView({ call_type: 'internal', caller: '8001', callee: '8002', display_number: null, ...over });

/** What each member's phone is told (callDataChange) about the call lina (8001) placed to wang (8002). */
function tell(call: Partial<CallView>) {
  const supervisors = call.supervisors ?? [];
  for (const p of phones.values()) {
    const peer =
      p.id === 'wang'
        ? { agent_id: 'lina', name: 'Li Na', extension: '8001' }
        : p.id === 'lina'
          ? { agent_id: 'wang', name: 'Wang Wei', extension: '8002' }
          : { agent_id: 'lina', name: 'Li Na', extension: '8001' };
    const seen = view({ ...call, peer });
    const member = p.id === 'lina' || p.id === 'wang' || supervisors.some((s) => s.agent_id === p.id);
    const wasMember = p.calls.has(seen.call_id);
    if (!member && !wasMember) continue;
    if (seen.call_status === 'ended' || !member) p.calls.delete(seen.call_id);
    else p.calls.set(seen.call_id, seen);
    p.media.follow(seen);
  }
}

beforeEach(() => {
  FakePeerConnection.all = [];
  phones.clear();
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', FakeStream);
  vi.stubGlobal('navigator', {
    mediaDevices: {
      getUserMedia: (constraints: { audio: boolean; video: boolean }) => {
        const stream = new FakeStream([new FakeTrack('audio'), ...(constraints.video ? [new FakeTrack('video')] : [])]);
        return Promise.resolve(stream);
      },
    },
  });
});

afterEach(() => {
  for (const p of phones.values()) p.media.endAll();
  vi.unstubAllGlobals();
});

describe('internal call media', () => {
  it('connects the two agents: the caller offers once answered, the colleague answers', async () => {
    const lina = phone('lina', '8001');
    const wang = phone('wang', '8002');
    tell({ call_status: 'ringing' });
    await settle();
    expect(FakePeerConnection.all).toHaveLength(0);

    tell({});
    await settle();
    expect(lina.sent.filter((s) => s.signal.type === 'offer').map((s) => s.to)).toEqual(['wang']);
    expect(wang.sent.filter((s) => s.signal.type === 'answer')).toHaveLength(1);
    const [offer] = lina.sent.filter((s) => s.signal.type === 'offer');
    const [answer] = wang.sent.filter((s) => s.signal.type === 'answer');
    expect(answer?.signal.epoch).toBe(offer?.signal.epoch);
    expect(FakePeerConnection.all.map((pc) => pc.connectionState)).toEqual(['connected', 'connected']);
    expect(lina.state).toMatchObject({ call_id: 'c1', state: 'connected' });
    expect(wang.state).toMatchObject({ call_id: 'c1', state: 'connected' });
  });

  it('opens each connection with the ICE servers and policy of the session’s latest ready', async () => {
    const turn = { urls: ['turn:127.0.0.1:3478?transport=udp'], username: '1700000000:lina', credential: 'c2VjcmV0' };
    let ready = { ice_servers: [turn], ice_transport_policy: 'relay' as const };
    phone('lina', '8001', () => rtcConfigurationOf(ready));
    phone('wang', '8002');
    tell({});
    await settle();
    const [linas, wangs] = FakePeerConnection.all;
    expect(linas?.configuration).toEqual({ iceServers: [turn], iceTransportPolicy: 'relay' });
    // A phone whose server lists none keeps to host candidates.
    expect(wangs?.configuration).toEqual({ iceServers: [] });
    expect(rtcConfigurationOf(null)).toEqual({ iceServers: [] });

    // A resume brought fresh credentials: the next connection uses them.
    ready = { ...ready, ice_servers: [{ ...turn, username: '1700000600:lina' }] };
    phones.get('lina')?.media.endAll();
    tell({ call_id: 'c2' });
    await settle();
    expect(FakePeerConnection.all.at(-2)?.configuration?.iceServers?.[0]?.username).toBe('1700000600:lina');
  });

  it('a new session offers a new generation; the colleague replaces its connection and drops the old one’s signals', async () => {
    const lina = phone('lina', '8001');
    const wangTab1 = phone('wang', '8002');
    tell({});
    await settle();
    const [first, second] = FakePeerConnection.all;
    expect(first?.connectionState).toBe('connected');
    const oldEpoch = lina.sent.find((s) => s.signal.type === 'offer')?.signal.epoch;

    // A second tab takes wang over: the first lets its devices go, the second signs in with the call.
    wangTab1.media.endAll();
    expect(second?.connectionState).toBe('closed');
    const wangTab2 = phone('wang', '8002');
    wangTab2.calls.set('c1', view({ peer: { agent_id: 'lina', name: 'Li Na', extension: '8001' } }));
    wangTab2.media.rejoin([...wangTab2.calls.values()], false);
    await settle();

    const offers = wangTab2.sent.filter((s) => s.signal.type === 'offer');
    expect(offers).toHaveLength(1);
    expect(offers[0]?.to).toBe('lina');
    expect(offers[0]?.signal.epoch).not.toBe(oldEpoch);
    expect(first?.connectionState).toBe('closed');
    const answers = lina.sent.filter((s) => s.signal.type === 'answer');
    expect(answers.map((s) => s.signal.epoch)).toEqual([offers[0]?.signal.epoch]);
    const live = FakePeerConnection.all.filter((pc) => pc.connectionState === 'connected');
    expect(live).toHaveLength(2);

    // A late candidate of the old generation does not reach the new connection.
    const before = live.map((pc) => pc.candidates.length);
    lina.media.signal('c1', 'wang', { type: 'candidate', candidate: { candidate: 'late' }, epoch: oldEpoch });
    await settle();
    expect(live.map((pc) => pc.candidates.length)).toEqual(before);
    expect(lina.state).toMatchObject({ state: 'connected' });
  });

  it('a resumed session keeps a connection that still carries media, and mends one that failed', async () => {
    const lina = phone('lina', '8001');
    phone('wang', '8002');
    tell({});
    await settle();
    const offers = () => lina.sent.filter((s) => s.signal.type === 'offer').length;
    expect(offers()).toBe(1);

    lina.media.rejoin([...lina.calls.values()], true);
    await settle();
    expect(offers()).toBe(1);

    const linaSide = FakePeerConnection.all[0];
    if (!linaSide) throw new Error('no connection');
    linaSide.connectionState = 'failed';
    lina.media.rejoin([...lina.calls.values()], true);
    await settle();
    expect(offers()).toBe(2);
  });

  it('the offerer offers a new generation when its connection stays disconnected, not after a blip', async () => {
    vi.useFakeTimers();
    try {
      const lina = phone('lina', '8001');
      phone('wang', '8002');
      tell({});
      await vi.advanceTimersByTimeAsync(10);
      const offers = () => lina.sent.filter((s) => s.signal.type === 'offer').length;
      const linaSide = FakePeerConnection.all[0];
      if (!linaSide) throw new Error('no connection');
      const become = (state: RTCPeerConnectionState) => {
        linaSide.connectionState = state;
        linaSide.onconnectionstatechange?.();
      };
      become('disconnected');
      await vi.advanceTimersByTimeAsync(2_000);
      become('connected');
      await vi.advanceTimersByTimeAsync(10_000);
      expect(offers()).toBe(1);

      become('disconnected');
      await vi.advanceTimersByTimeAsync(2_000);
      expect(offers()).toBe(1);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(offers()).toBe(2);
      expect(linaSide.connectionState).toBe('closed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('when both sides offer a new generation at once, both keep the greater one', async () => {
    const lina = phone('lina', '8001');
    const wang = phone('wang', '8002');
    tell({});
    await settle();
    lina.sent.length = 0;
    wang.sent.length = 0;
    lina.media.rejoin([...lina.calls.values()], false);
    wang.media.rejoin([...wang.calls.values()], false);
    await settle();
    const live = FakePeerConnection.all.filter((pc) => pc.connectionState === 'connected');
    expect(live).toHaveLength(2);
    const sent = [...lina.sent, ...wang.sent];
    const offered = sent.filter((s) => s.signal.type === 'offer').map((s) => s.signal.epoch ?? '');
    expect(offered).toHaveLength(2);
    // Exactly one answer, to the greater of the two offers.
    const answered = sent.filter((s) => s.signal.type === 'answer').map((s) => s.signal.epoch);
    expect(answered).toEqual([offered.sort().at(-1)]);
  });

  it('supervisor: the agents offer to it; monitoring hears both and sends nothing; inserting is heard by both', async () => {
    const lina = phone('lina', '8001');
    const wang = phone('wang', '8002');
    const chen = phone('chen', '8100');
    tell({});
    await settle();
    const gum = vi.spyOn(navigator.mediaDevices, 'getUserMedia');
    const agentsOnly = FakePeerConnection.all.length;

    tell({ supervisors: [{ agent_id: 'chen', name: 'Chen Jie', mode: 'monitor' }] });
    await settle();
    expect(lina.sent.filter((s) => s.to === 'chen' && s.signal.type === 'offer')).toHaveLength(1);
    expect(wang.sent.filter((s) => s.to === 'chen' && s.signal.type === 'offer')).toHaveLength(1);
    const supervisorSides = FakePeerConnection.all
      .slice(agentsOnly)
      .filter((pc) => pc.getSenders().every((s) => s.track === null));
    expect(supervisorSides).toHaveLength(2);
    for (const pc of supervisorSides) {
      expect(pc.receiving('audio')).toBe(true);
      expect(pc.sending('audio')).toBe(false);
    }
    // Monitoring never opens the supervisor's microphone (the agents' were open already).
    expect(gum).not.toHaveBeenCalled();
    expect(chen.state).toMatchObject({ call_id: 'c1', state: 'connected' });
    expect(chen.state?.remote).not.toBeNull();
    expect(chen.state?.others).toHaveLength(1);

    tell({ supervisors: [{ agent_id: 'chen', name: 'Chen Jie', mode: 'insert' }] });
    await settle();
    expect(gum).toHaveBeenCalledTimes(1);
    expect(
      chen.sent
        .filter((s) => s.signal.type === 'offer')
        .map((s) => s.to)
        .sort(),
    ).toEqual(['lina', 'wang']);
    for (const pc of supervisorSides) expect(pc.sending('audio')).toBe(true);
    // Each agent now hears the supervisor beside the colleague.
    expect(lina.state?.others).toHaveLength(1);
    expect(wang.state?.others).toHaveLength(1);

    tell({ supervisors: [] });
    await settle();
    for (const pc of FakePeerConnection.all.slice(agentsOnly)) expect(pc.connectionState).toBe('closed');
    expect(chen.state).toBeNull();
    expect(lina.state).toMatchObject({ state: 'connected', others: [] });
  });

  it('a supervisor that inserts at once answers with its microphone', async () => {
    const lina = phone('lina', '8001');
    phone('wang', '8002');
    const chen = phone('chen', '8100');
    tell({});
    await settle();
    tell({ supervisors: [{ agent_id: 'chen', name: 'Chen Jie', mode: 'insert' }] });
    await settle();
    expect(chen.sent.filter((s) => s.signal.type === 'answer')).toHaveLength(2);
    expect(chen.sent.filter((s) => s.signal.type === 'offer')).toHaveLength(0);
    expect(lina.state?.others).toHaveLength(1);
  });

  it('sends DTMF on the call’s audio, after tones still playing', async () => {
    const lina = phone('lina', '8001');
    phone('wang', '8002');
    tell({});
    await settle();
    expect(lina.media.dtmf('c1', '12')).toBe(1);
    expect(lina.media.dtmf('c1', '#')).toBe(1);
    const sender = FakePeerConnection.all[0]?.getSenders().find((s) => s.track?.kind === 'audio');
    expect(sender?.dtmf.toneBuffer).toBe('12#');
    expect(lina.media.dtmf('other', '1')).toBe(0);
  });

  it('mute and hold switch the tracks; the end lets the devices go', async () => {
    const lina = phone('lina', '8001');
    phone('wang', '8002');
    tell({});
    await settle();
    const local = lina.state?.local as unknown as FakeStream | null;
    expect(local?.getTracks()[0]?.enabled).toBe(true);
    tell({ muted: true });
    expect(local?.getTracks()[0]?.enabled).toBe(false);
    tell({ muted: false, held: true, call_status: 'held' });
    expect(local?.getTracks()[0]?.enabled).toBe(false);
    tell({ call_status: 'ended' });
    expect(local?.getTracks()[0]?.readyState).toBe('ended');
    expect(lina.state).toBeNull();
    expect(FakePeerConnection.all.every((pc) => pc.connectionState === 'closed')).toBe(true);
  });

  it('a call that ends while the microphone is being opened lets it go', async () => {
    let release: (stream: FakeStream) => void = () => undefined;
    const stream = new FakeStream([new FakeTrack('audio')]);
    vi.stubGlobal('navigator', {
      mediaDevices: {
        getUserMedia: () =>
          new Promise<FakeStream>((resolve) => {
            release = resolve;
          }),
      },
    });
    phone('lina', '8001');
    phone('wang', '8002');
    tell({});
    await settle();
    tell({ call_status: 'ended' });
    release(stream);
    await settle();
    expect(stream.getTracks()[0]?.readyState).toBe('ended');
  });
});

describe('trunk call media', () => {
  const trunkCall = (over: Partial<CallView>): CallView =>
    callView({ call_type: 'inbound', caller: '+8613700000000', callee: '8001', trunk: 'sip:carrier.example', ...over });
  const relayOffer = {
    type: 'offer',
    sdp: JSON.stringify([{ kind: 'audio', direction: 'sendrecv' }]),
    epoch: 'network-1',
  };

  it('a call in answers the relay’s offer once the agent answered (connecting), not while it only rings here', async () => {
    const lina = phone('lina', '8001');
    const ringing = trunkCall({ call_status: 'ringing', answered_at: null });
    lina.calls.set('c1', ringing);
    lina.media.follow(ringing);
    lina.media.signal('c1', 'network', relayOffer);
    await settle();
    expect(lina.sent).toEqual([]);
    expect(FakePeerConnection.all).toHaveLength(0);

    const connecting = { ...ringing, connecting: true };
    lina.calls.set('c1', connecting);
    lina.media.follow(connecting);
    lina.media.signal('c1', 'network', relayOffer);
    await settle();
    // Answered whole (the relay takes no trickled candidates), before the call is talking.
    expect(lina.sent.map((s) => [s.signal.type, s.to, s.signal.epoch])).toEqual([['answer', 'network', 'network-1']]);
    expect(lina.state).toMatchObject({ call_id: 'c1' });
  });
});
