import { makeResponse, type NameAddr, type SipRequest, type SipResponse } from 'sip';
import { signRequest } from 'sip/digest.js';
import type { CallEndReason, LineEvents, LineLeg } from '../cti/engine/calls/outside-line.js';
import { sdpSends } from './far-end-silence.js';
import type { RelayCall } from './media-relay.js';
import { localUri, newCallId, newTag, outcomeOfFinal, routeSet, trunkUri, withTag } from './sip-messages.js';
import {
  ALLOW,
  OFFER_WAIT_MS,
  OK_GIVE_UP_MS,
  USER_AGENT,
  answerOtherRequest,
  askInDialog,
  answerReinvite,
  contactUri,
  inDialogRequest,
  isDescription,
  sendQuietly,
  type Dialog,
  type DialogHandler,
  type LegContext,
  trunkLegLimits,
} from './trunk-leg.js';
import { carrierHostsOf, type TrunkSettings } from './trunk-settings.js';
import type { CarrierHost } from '@open/protocol/trunk';

/**
 * An INVITE that drew nothing at all from a carrier server in this long, not even 100 Trying, is
 * given up for the trunk's next server (one that answers sends 100 Trying at once, RFC 3261 17.2.1).
 */
export const FAILOVER_AFTER_MS = 4_000;

/**
 * The trunk's servers in the order a call tries them: those not known to be down in the trunk's
 * order, then the down ones (a server may be back before its next ping says so).
 */
export function serversToTry(trunk: TrunkSettings, isDown: (host: CarrierHost) => boolean): CarrierHost[] {
  const all = carrierHostsOf(trunk);
  return [...all.filter((host) => !isDown(host)), ...all.filter((host) => isDown(host))];
}

/**
 * A final response that sends the call to the trunk's next server: 503 (the server is overloaded
 * or out of service, RFC 3261 21.5.4), or the stack's own answer for a server that never
 * answered or could not be reached (408, 503 or 404 without a To tag, outcomeOfFinal).
 */
function worthAnotherServer(response: SipResponse, heardBefore: boolean): boolean {
  if (response.status === 503) return true;
  return !heardBefore && typeof response.headers.to.params.tag !== 'string';
}

/** One call out on a trunk: what it was asked, and where its INVITE and its dialog are. */
interface Outbound {
  readonly context: LegContext;
  readonly trunk: TrunkSettings;
  readonly request: { callId: string; from: string; to: string };
  readonly events: LineEvents;
  readonly sipCallId: string;
  readonly localTag: string;
  readonly relayCall: RelayCall;
  readonly local: NameAddr;
  /** The carrier server being tried, as the INVITE addresses it. */
  remote: NameAddr;
  /** The trunk's servers in the order this call tries them, and which one it is at. */
  readonly servers: CarrierHost[];
  attempt: number;
  failoverTimer: ReturnType<typeof setTimeout> | undefined;
  state: 'waitingOffer' | 'inviting' | 'confirmed' | 'ended';
  invite: SipRequest | null;
  gotProvisional: boolean;
  /** Whether any response to the INVITE being sent (even 100 Trying) came back. */
  heard: boolean;
  cancelWhenProvisional: boolean;
  authenticated: boolean;
  phoneAnswered: boolean;
  farSdp: string | null;
  /** Whether the carrier's last description says it sends audio (not while it holds the call). */
  farSends: boolean;
  dialog: Dialog | null;
  epoch: unknown;
  readonly digest: Record<string, unknown>;
  offerTimer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * An agent's call to an outside number. The INVITE waits for the agent's phone: its WebRTC offer
 * becomes the INVITE's SDP (through rtpengine), and the carrier's answer becomes the phone's.
 */
export function dialTrunk(
  context: LegContext,
  trunk: TrunkSettings,
  request: { callId: string; from: string; to: string },
  events: LineEvents,
  isDown: (host: CarrierHost) => boolean = () => false,
): LineLeg {
  const sipCallId = newCallId(context.local.host);
  const servers = serversToTry(trunk, isDown);
  const localTag = newTag();
  const call: Outbound = {
    context,
    trunk,
    request,
    events,
    sipCallId,
    localTag,
    relayCall: { callId: sipCallId, fromTag: localTag, toTag: null },
    local: { uri: localUri(context.local.host, context.local.port, request.from, trunk.transport), params: {} },
    remote: { uri: trunkUri({ ...trunk, ...servers[0] }, request.to), params: {} },
    servers,
    attempt: 0,
    failoverTimer: undefined,
    state: 'waitingOffer',
    invite: null,
    gotProvisional: false,
    heard: false,
    cancelWhenProvisional: false,
    authenticated: false,
    phoneAnswered: false,
    farSdp: null,
    farSends: true,
    dialog: null,
    epoch: undefined,
    digest: {},
    offerTimer: undefined,
  };

  call.offerTimer = setTimeout(() => {
    if (call.state !== 'waitingOffer') return;
    context.log.warn({ call: request.callId }, "the agent's phone sent no WebRTC offer: the trunk call is given up");
    finish(call);
    events.ended('failed');
  }, OFFER_WAIT_MS);

  context.register(sipCallId, dialogHandler(call));

  return {
    ...trunkLegLimits,
    signal(signal) {
      onPhoneSignal(call, signal);
    },
    agentJoined() {
      // The agent's phone offers by itself on an outbound call (see signal).
    },
    answersAfterMedia: false,
    end: () => {
      hangUp(call);
    },
  };
}

function finish(call: Outbound) {
  if (call.state === 'ended') return;
  call.state = 'ended';
  clearTimeout(call.offerTimer);
  clearTimeout(call.failoverTimer);
  // Kept a little after the end, so a late 200 OK can still be acknowledged and hung up.
  setTimeout(() => {
    call.context.forget(call.sipCallId);
  }, OK_GIVE_UP_MS).unref();
  if (call.invite !== null) {
    call.context.relay.delete(call.relayCall).catch((error: unknown) => {
      call.context.log.warn({ err: error, call: call.request.callId }, 'rtpengine could not delete a call');
    });
  }
}

function buildInvite(call: Outbound, sdp: string, seq: number): SipRequest {
  const { local, remote } = call;
  return {
    method: 'INVITE',
    uri: remote.uri,
    headers: {
      to: remote,
      from: withTag(local, call.localTag),
      'call-id': call.sipCallId,
      cseq: { method: 'INVITE', seq },
      via: [],
      contact: [{ uri: local.uri, params: {} }],
      'max-forwards': 70,
      'content-type': 'application/sdp',
      allow: ALLOW,
      'user-agent': USER_AGENT,
    },
    content: sdp,
  };
}

async function tellPhone(call: Outbound, sdp: string) {
  if (call.phoneAnswered || call.state === 'ended') return;
  call.phoneAnswered = true;
  try {
    call.events.signal({
      type: 'answer',
      sdp: await call.context.relay.trunkAnswer(call.relayCall, sdp),
      epoch: call.epoch,
    });
  } catch (error) {
    call.context.log.warn({ err: error, call: call.request.callId }, "rtpengine refused the carrier's answer");
    call.phoneAnswered = false;
  }
}

function sendCancel(call: Outbound, invite: SipRequest | null = call.invite) {
  if (!invite) return;
  const via = invite.headers.via[0];
  sendQuietly(call.context, {
    method: 'CANCEL',
    uri: invite.uri,
    headers: {
      to: invite.headers.to,
      from: invite.headers.from,
      'call-id': call.sipCallId,
      cseq: { method: 'CANCEL', seq: invite.headers.cseq.seq },
      via: via ? [via] : [],
      'max-forwards': 70,
    },
  });
}

function acknowledge(call: Outbound, response: SipResponse) {
  const tag = response.headers.to.params.tag;
  if (typeof tag !== 'string') return;
  call.dialog ??= {
    callId: call.sipCallId,
    localTag: call.localTag,
    remoteTag: tag,
    local: call.local,
    remote: call.remote,
    remoteTarget: contactUri(response) ?? call.remote.uri,
    route: routeSet(response, true),
    localSeq: call.invite?.headers.cseq.seq ?? 1,
  };
  sendQuietly(call.context, inDialogRequest(call.dialog, 'ACK', response.headers.cseq.seq));
}

/** 1xx: the carrier rings; a CANCEL held back until now goes, and early media reaches the phone. */
function onProvisional(call: Outbound, response: SipResponse) {
  if (response.status > 100) call.gotProvisional = true;
  if (call.cancelWhenProvisional && call.gotProvisional) {
    call.cancelWhenProvisional = false;
    sendCancel(call);
  }
  const tag = response.headers.to.params.tag;
  if (typeof tag === 'string') call.relayCall.toTag = tag;
  // Early media (183 with SDP): the agent hears the carrier's ringback or announcement.
  if (response.content && call.state === 'inviting') void tellPhone(call, response.content);
}

/** 2xx: the carrier answered; acknowledged, and the phone gets the carrier's media. */
function onAnswered(call: Outbound, response: SipResponse) {
  acknowledge(call, response);
  if (call.state === 'ended') {
    // Our CANCEL crossed the carrier's answer: the call is over all the same.
    if (call.dialog) sendQuietly(call.context, inDialogRequest(call.dialog, 'BYE'));
    return;
  }
  call.state = 'confirmed';
  call.relayCall.toTag = call.dialog?.remoteTag ?? call.relayCall.toTag;
  call.farSdp = response.content ?? null;
  call.farSends = call.farSdp === null || sdpSends(call.farSdp);
  const answered = () => {
    if (call.state === 'confirmed') call.events.answered();
  };
  if (call.farSdp) void tellPhone(call, call.farSdp).then(answered);
  else answered();
}

/**
 * The next of the trunk's servers, with the same offer: the one before stays silent or refused.
 * False when there is none left.
 */
function tryNextServer(call: Outbound, why: string): boolean {
  const { invite } = call;
  const next = call.servers[call.attempt + 1];
  if (next === undefined || invite === null || call.state !== 'inviting') return false;
  const was = call.servers[call.attempt];
  call.attempt += 1;
  call.context.log.info(
    {
      call: call.request.callId,
      from: was && `${was.host}:${was.port}`,
      to: `${next.host}:${next.port}`,
      why,
    },
    'the call goes to the trunk’s next carrier server',
  );
  call.remote = { uri: trunkUri({ ...call.trunk, ...next }, call.request.to), params: {} };
  call.authenticated = false;
  send(call, buildInvite(call, invite.content ?? '', invite.headers.cseq.seq + 1));
  return true;
}

/**
 * A response from a server the call has left (it answered after FAILOVER_AFTER_MS): it must not
 * ring or connect anyone, so a ringing one is cancelled and an answer is acknowledged and hung up.
 */
function onLeftServer(call: Outbound, invite: SipRequest, response: SipResponse) {
  if (response.status > 100 && response.status < 200) {
    sendCancel(call, invite);
    return;
  }
  const tag = response.headers.to.params.tag;
  if (response.status >= 300 || typeof tag !== 'string') return;
  const dialog: Dialog = {
    callId: call.sipCallId,
    localTag: call.localTag,
    remoteTag: tag,
    local: call.local,
    remote: invite.headers.to,
    remoteTarget: contactUri(response) ?? invite.uri,
    route: routeSet(response, true),
    localSeq: invite.headers.cseq.seq,
  };
  sendQuietly(call.context, inDialogRequest(dialog, 'ACK', response.headers.cseq.seq));
  sendQuietly(call.context, inDialogRequest(dialog, 'BYE'));
}

function onResponse(call: Outbound, response: SipResponse) {
  const heardBefore = call.heard;
  call.heard = true;
  clearTimeout(call.failoverTimer);
  if (response.status < 200) {
    onProvisional(call, response);
    return;
  }
  if (response.status < 300) {
    onAnswered(call, response);
    return;
  }
  const { trunk, invite } = call;
  if (
    (response.status === 401 || response.status === 407) &&
    !call.authenticated &&
    trunk.username &&
    invite &&
    call.state === 'inviting'
  ) {
    call.authenticated = true;
    const next = buildInvite(call, invite.content ?? '', invite.headers.cseq.seq + 1);
    signRequest(call.digest, next, response, { user: trunk.username, password: trunk.password ?? '' });
    send(call, next);
    return;
  }
  if (call.state === 'ended') return;
  if (worthAnotherServer(response, heardBefore) && tryNextServer(call, `${response.status} ${response.reason}`)) return;
  const outcome = outcomeOfFinal(response, heardBefore);
  if (outcome === 'failed' && response.status === 408)
    call.context.log.warn({ call: call.request.callId }, 'the trunk did not answer the INVITE at all (32 s)');
  else
    call.context.log.info(
      { call: call.request.callId, status: response.status, reason: response.reason },
      'the trunk refused a call',
    );
  finish(call);
  call.events.ended(outcome);
}

function send(call: Outbound, next: SipRequest) {
  call.invite = next;
  call.gotProvisional = false;
  call.heard = false;
  const { attempt } = call;
  clearTimeout(call.failoverTimer);
  if (call.servers[attempt + 1] !== undefined) {
    call.failoverTimer = setTimeout(() => {
      if (!call.heard && call.attempt === attempt) tryNextServer(call, `no answer in ${FAILOVER_AFTER_MS} ms`);
    }, FAILOVER_AFTER_MS);
  }
  try {
    call.context.stack.send(next, (response) => {
      if (call.attempt === attempt) onResponse(call, response);
      else onLeftServer(call, next, response);
    });
  } catch (error) {
    call.context.log.warn({ err: error, call: call.request.callId }, 'the INVITE could not be sent');
    finish(call);
    call.events.ended('failed');
  }
}

/** The call lost its media or its carrier: ended towards the carrier, and `failed` with why for the engine. */
function failCall(call: Outbound, reason: CallEndReason) {
  if (call.state === 'ended') return;
  hangUp(call);
  call.events.ended('failed', reason);
}

/** Our side ends the call: CANCEL while it rings (once the carrier said it rings), BYE once answered. */
function hangUp(call: Outbound) {
  const was = call.state;
  finish(call);
  if (was === 'inviting') {
    if (call.gotProvisional) sendCancel(call);
    else call.cancelWhenProvisional = true;
  } else if (was === 'confirmed' && call.dialog) {
    sendQuietly(call.context, inDialogRequest(call.dialog, 'BYE'));
  }
}

function dialogHandler(call: Outbound): DialogHandler {
  const { stack } = call.context;
  return {
    shutdown: () => {
      hangUp(call);
    },
    fail: (reason) => {
      failCall(call, reason);
    },
    checkDialog: () => {
      const { dialog } = call;
      if (call.state !== 'confirmed' || !dialog || !call.trunk.optionsPing) return;
      askInDialog(call.context, dialog, () => {
        if (call.state !== 'confirmed') return;
        call.context.log.warn({ call: call.request.callId }, 'trunk call ended: the carrier no longer knows it (481)');
        failCall(call, 'farEndGone');
      });
    },
    // The relay holds the call from the browser's offer on (the INVITE carries its answer to it).
    relayCall: () => (call.state === 'ended' || call.invite === null ? null : call.relayCall),
    relayAddress: () => call.context.relay.address,
    farEnd: () =>
      call.state === 'confirmed' && call.relayCall.toTag !== null
        ? { tag: call.relayCall.toTag, sends: call.farSends, silenceLimitSeconds: call.trunk.farEndSilenceSeconds }
        : null,
    tenantId: call.trunk.tenantId,
    load: () => (call.state === 'ended' ? 'ended' : 'live'),
    onRequest(message) {
      if (message.method === 'BYE') {
        stack.send(makeResponse(message, 200, 'OK'));
        if (call.state === 'ended') return;
        finish(call);
        call.events.ended('completed');
      } else if (message.method === 'INVITE') {
        // A session refresh or a change of media from the carrier: the media stays as agreed,
        // but a hold (inactive, recvonly) is noted, so its silence does not end the call.
        if (message.content) call.farSends = sdpSends(message.content);
        answerReinvite(stack, message, call.local, call.invite?.content ?? '');
      } else if (message.method !== 'ACK') {
        answerOtherRequest(stack, message);
      }
    },
    onStrayResponse(response) {
      // Our ACK was lost and the carrier sent its 200 OK again. The stack shows us every
      // response before its transaction does, the first 200 OK too: that one is acknowledged
      // by onResponse, which makes the dialog.
      // A 200 OK from a server the call left (another To tag) is that server's business: onLeftServer.
      const success = response.status >= 200 && response.status < 300;
      const ours = call.dialog !== null && response.headers.to.params.tag === call.dialog.remoteTag;
      if (success && ours && response.headers.cseq.method === 'INVITE') acknowledge(call, response);
    },
  };
}

/** The phone's offer: the first one starts the INVITE, a later one is answered with the carrier's media. */
function onPhoneSignal(call: Outbound, signal: unknown) {
  if (!isDescription(signal, 'offer') || call.state === 'ended') return;
  const { relay, log } = call.context;
  call.epoch = signal.epoch;
  if (call.state === 'waitingOffer') {
    call.state = 'inviting';
    clearTimeout(call.offerTimer);
    relay
      .browserOffer(call.relayCall, signal.sdp)
      .then((sdp) => {
        if (call.state === 'inviting') send(call, buildInvite(call, sdp, 1));
      })
      .catch((error: unknown) => {
        log.warn({ err: error, call: call.request.callId }, "rtpengine refused the phone's offer");
        if (call.state === 'ended') return;
        finish(call);
        call.events.ended('failed');
      });
    return;
  }
  // A new phone on the call (a colleague took it over) or a phone that reconnected: it
  // offers again, and the carrier's answer, kept from the 200 OK, answers it through rtpengine.
  call.phoneAnswered = false;
  relay
    .browserOffer(call.relayCall, signal.sdp)
    .then(() => (call.farSdp ? tellPhone(call, call.farSdp) : undefined))
    .catch((error: unknown) => {
      log.warn({ err: error, call: call.request.callId }, "rtpengine refused the phone's new offer");
    });
}
