import { makeResponse, type NameAddr, type SipRequest, type SipResponse } from 'sip';
import type { CallOutcome } from '../cti/engine/calls/call-model.js';
import type { CallEndReason, LineEvents, LineLeg } from '../cti/engine/calls/outside-line.js';
import { sdpSends } from './far-end-silence.js';
import type { RelayCall } from './media-relay.js';
import { localUri, newTag, routeSet, withTag } from './sip-messages.js';
import {
  ALLOW,
  OK_GIVE_UP_MS,
  OK_RESEND_FIRST_MS,
  OK_RESEND_MAX_MS,
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
import type { TrunkSettings } from './trunk-settings.js';

/** One call in from a trunk: the carrier's INVITE, its dialog, and how far the answer has come. */
interface Inbound {
  readonly context: LegContext;
  readonly trunk: Pick<TrunkSettings, 'tenantId' | 'farEndSilenceSeconds' | 'optionsPing'>;
  readonly invite: SipRequest;
  /**
   * The call in rtpengine as the carrier offers (its tag first): every offer for a phone is
   * made this way, the first one from the INVITE's SDP, or after a delayed offer from the ACK's.
   */
  readonly carrierOffers: RelayCall;
  /**
   * A delayed offer (an INVITE without SDP, RFC 3261 13.2.1): the agent's phone offers, our
   * 200 OK carries the relay's offer and the carrier answers in its ACK. Null: it offered.
   */
  readonly delayed: {
    readonly phoneOffers: RelayCall;
    /** The generation of the phone's offer, for the answer it gets back. */
    epoch: string;
    inRelay: boolean;
  } | null;
  readonly sipCallId: string;
  readonly localTag: string;
  trunkSdp: string;
  readonly local: NameAddr;
  readonly dialog: Dialog;
  state: 'ringing' | 'answering' | 'confirmed' | 'ended';
  events: LineEvents | null;
  engineCallId: string;
  localSdp: string | null;
  /** The relay's offer for the first phone; null on a delayed offer (the phone offers). */
  offered: string | null;
  /** Whether the carrier's last description says it sends audio (not while it holds the call). */
  farSends: boolean;
  offersMade: number;
  resend: NodeJS.Timeout | null;
}

/**
 * A call the carrier brought in, once the service has accepted it (source and DID checked):
 * it rings (180) while the engine queues and offers it, and is answered (200 OK) when an agent's
 * phone has answered rtpengine's offer.
 */
export function answerTrunk(
  context: LegContext,
  trunk: Pick<TrunkSettings, 'tenantId' | 'farEndSilenceSeconds' | 'optionsPing'>,
  invite: SipRequest,
  /** The relay's WebRTC offer made from the INVITE's SDP; null for an INVITE without one. */
  browserOffer: string | null,
  relayCall: RelayCall,
): { connect(callId: string, events: LineEvents): LineLeg; refuse(status: number, reason: string): void } {
  const sipCallId = invite.headers['call-id'];
  const localTag = relayCall.toTag ?? newTag();
  const carrierOffers: RelayCall = { ...relayCall, toTag: localTag };
  const call: Inbound = {
    context,
    trunk,
    invite,
    carrierOffers,
    delayed:
      browserOffer === null
        ? { phoneOffers: { callId: sipCallId, fromTag: localTag, toTag: relayCall.fromTag }, epoch: '', inRelay: false }
        : null,
    sipCallId,
    localTag,
    trunkSdp: invite.content ?? '',
    state: 'ringing',
    events: null,
    engineCallId: '',
    localSdp: null,
    offered: browserOffer,
    farSends: sdpSends(invite.content ?? ''),
    offersMade: 0,
    resend: null,
    local: { uri: localUri(context.local.host, context.local.port, 'callcentre', 'udp'), params: {} },
    dialog: {
      callId: sipCallId,
      localTag,
      remoteTag: typeof invite.headers.from.params.tag === 'string' ? invite.headers.from.params.tag : '',
      local: invite.headers.to,
      remote: invite.headers.from,
      remoteTarget: contactUri(invite) ?? invite.headers.from.uri,
      route: routeSet(invite, false),
      localSeq: 0,
    },
  };

  context.register(sipCallId, dialogHandler(call));

  return {
    refuse(status, reason) {
      if (call.state !== 'ringing') return;
      respond(call, status, reason);
      finish(call);
    },
    connect(callId, given) {
      return connect(call, callId, given);
    },
  };
}

function respond(
  call: Inbound,
  status: number,
  reason: string,
  extension: { headers?: Partial<SipResponse['headers']>; content?: string } = {},
) {
  const response = makeResponse(call.invite, status, reason, extension);
  response.headers.to = withTag(call.invite.headers.to, call.localTag);
  // A proxy that recorded its route (the edge, a carrier's) stays in the dialog only if the
  // responses that make it say so (RFC 3261 12.1.1): without it the carrier's BYE would skip it.
  const recorded = call.invite.headers['record-route'];
  if (status > 100 && status < 300 && recorded && recorded.length > 0) response.headers['record-route'] = recorded;
  call.context.stack.send(response);
  return response;
}

function finish(call: Inbound) {
  if (call.state === 'ended') return;
  call.state = 'ended';
  if (call.resend) clearTimeout(call.resend);
  setTimeout(() => {
    call.context.forget(call.sipCallId);
  }, OK_GIVE_UP_MS).unref();
  const inRelay = relayCallOf(call);
  if (!inRelay) return;
  call.context.relay.delete(inRelay).catch((error: unknown) => {
    call.context.log.warn({ err: error, call: call.engineCallId }, 'rtpengine could not delete a call');
  });
}

/** Our 200 OK again and again until the ACK (or give up and hang up). */
function sendOk(call: Inbound, sdp: string) {
  const ok = respond(call, 200, 'OK', {
    headers: {
      contact: [{ uri: call.local.uri, params: {} }],
      'content-type': 'application/sdp',
      allow: ALLOW,
      'user-agent': USER_AGENT,
    },
    content: sdp,
  });
  const startedAt = Date.now();
  const again = (after: number) => {
    call.resend = setTimeout(() => {
      if (call.state !== 'answering') return;
      if (Date.now() - startedAt >= OK_GIVE_UP_MS) {
        finish(call);
        sendQuietly(call.context, inDialogRequest(call.dialog, 'BYE'));
        call.events?.ended('failed');
        return;
      }
      call.context.stack.send(ok);
      again(Math.min(after * 2, OK_RESEND_MAX_MS));
    }, after);
  };
  again(OK_RESEND_FIRST_MS);
}

/** The call lost its media or its carrier: ended towards the carrier, and `failed` with why for the engine. */
function failCall(call: Inbound, reason: CallEndReason) {
  if (call.state === 'ended') return;
  hangUp(call, 'failed');
  call.events?.ended('failed', reason);
}

/** Our side ends the call: a refusal while it rings (the carrier plays its own message), BYE once answered. */
function hangUp(call: Inbound, outcome?: CallOutcome) {
  const was = call.state;
  finish(call);
  if (was === 'ringing')
    respond(call, outcome === 'busy' ? 486 : 480, outcome === 'busy' ? 'Busy Here' : 'Temporarily Unavailable');
  else if (was !== 'ended') sendQuietly(call.context, inDialogRequest(call.dialog, 'BYE'));
}

/** The call as rtpengine knows it (by its first offer's tags); null while a delayed offer has not reached it. */
function relayCallOf(call: Inbound): RelayCall | null {
  if (!call.delayed) return call.carrierOffers;
  return call.delayed.inRelay ? call.delayed.phoneOffers : null;
}

function dialogHandler(call: Inbound): DialogHandler {
  const { stack } = call.context;
  return {
    shutdown: () => {
      hangUp(call);
    },
    fail: (reason) => {
      failCall(call, reason);
    },
    checkDialog: () => {
      if (call.state !== 'confirmed' || !call.trunk.optionsPing) return;
      askInDialog(call.context, call.dialog, () => {
        if (call.state !== 'confirmed') return;
        call.context.log.warn({ call: call.engineCallId }, 'trunk call ended: the carrier no longer knows it (481)');
        failCall(call, 'farEndGone');
      });
    },
    // The carrier's offer went through the relay before the call was taken.
    relayCall: () => (call.state === 'ended' ? null : relayCallOf(call)),
    relayAddress: () => call.context.relay.address,
    // Answered once our 200 OK was acknowledged; the carrier's tag is its From tag.
    farEnd: () =>
      call.state === 'confirmed'
        ? {
            tag: call.carrierOffers.fromTag,
            sends: call.farSends,
            silenceLimitSeconds: call.trunk.farEndSilenceSeconds,
          }
        : null,
    tenantId: call.trunk.tenantId,
    load: () => (call.state === 'ended' ? 'ended' : call.state === 'ringing' ? 'waiting' : 'live'),
    onRequest(message) {
      switch (message.method) {
        case 'ACK':
          if (call.state === 'answering') {
            call.state = 'confirmed';
            if (call.resend) clearTimeout(call.resend);
            if (call.delayed) carrierAnswered(call, message.content ?? '');
          }
          return;
        case 'CANCEL':
          stack.send(makeResponse(message, 200, 'OK'));
          if (call.state !== 'ringing') return;
          respond(call, 487, 'Request Terminated');
          finish(call);
          call.events?.ended('cancelled');
          return;
        case 'BYE':
          stack.send(makeResponse(message, 200, 'OK'));
          if (call.state === 'ended') return;
          finish(call);
          call.events?.ended('completed');
          return;
        case 'INVITE':
          // A session refresh or a change of media: the media stays as agreed, but a hold
          // (inactive, recvonly) is noted, so its silence does not end the call.
          if (message.content) call.farSends = sdpSends(message.content);
          answerReinvite(stack, message, call.local, call.localSdp ?? '');
          return;
        default:
          answerOtherRequest(stack, message);
      }
    },
    onStrayResponse() {
      // Responses to our BYE need nothing.
    },
  };
}

/** The engine takes the call: it rings, and each agent who joins gets an offer for their phone. */
function connect(call: Inbound, callId: string, given: LineEvents): LineLeg {
  const { relay, log } = call.context;
  call.engineCallId = callId;
  call.events = given;
  respond(call, 180, 'Ringing', { headers: { contact: [{ uri: call.local.uri, params: {} }] } });
  return {
    ...trunkLegLimits,
    answersAfterMedia: true,
    agentJoined() {
      if (call.state === 'ended') return;
      call.offersMade += 1;
      const epoch = `network-${String(call.offersMade)}`;
      if (call.delayed && call.state === 'ringing') {
        // Nothing to offer the phone yet: it offers, and the carrier answers that in its ACK.
        given.signal({ type: 'offerRequest', epoch });
        return;
      }
      // A second agent (a transfer) gets a fresh offer for their own browser.
      const first = call.offersMade === 1 ? call.offered : null;
      const ready = first === null ? relay.trunkOffer(call.carrierOffers, call.trunkSdp) : Promise.resolve(first);
      ready
        .then((sdp) => {
          call.offered = sdp;
          if (call.state !== 'ended') given.signal({ type: 'offer', sdp, epoch });
        })
        .catch((error: unknown) => {
          log.warn({ err: error, call: callId }, 'rtpengine refused to offer the call again');
        });
    },
    signal(signal) {
      if (call.state === 'ended') return;
      if (call.delayed && call.state === 'ringing') {
        if (isDescription(signal, 'offer'))
          phoneOffered(call, signal.sdp, typeof signal.epoch === 'string' ? signal.epoch : '');
        return;
      }
      if (!isDescription(signal, 'answer')) return;
      relay
        .browserAnswer(call.carrierOffers, signal.sdp)
        .then((sdp) => {
          if (call.state !== 'ringing') return;
          call.state = 'answering';
          call.localSdp = sdp;
          sendOk(call, sdp);
          // The caller is connected as the 200 OK leaves: the agent talks from now, not before.
          given.answered();
        })
        .catch((error: unknown) => {
          log.warn({ err: error, call: callId }, "rtpengine refused the phone's answer");
          // Not yet answered to the carrier: nothing will carry the call's audio, so it ends.
          if (call.state === 'ringing') failCall(call, 'mediaLost');
        });
    },
    end: (outcome) => {
      hangUp(call, outcome);
    },
  };
}

/** A delayed offer: the phone's offer, through the relay, is our 200 OK's offer to the carrier. */
function phoneOffered(call: Inbound, browserSdp: string, epoch: string) {
  const { relay, log } = call.context;
  const delayed = call.delayed;
  if (!delayed || delayed.inRelay) return;
  delayed.inRelay = true;
  // The carrier's answer goes back to the phone under the generation the phone chose.
  delayed.epoch = epoch;
  relay
    .browserOffer(delayed.phoneOffers, browserSdp)
    .then((sdp) => {
      if (call.state !== 'ringing') return;
      call.state = 'answering';
      call.localSdp = sdp;
      sendOk(call, sdp);
      call.events?.answered();
    })
    .catch((error: unknown) => {
      log.warn({ err: error, call: call.engineCallId }, "rtpengine refused the phone's offer");
      delayed.inRelay = false;
      if (call.state === 'ringing') failCall(call, 'mediaLost');
    });
}

/**
 * A delayed offer's ACK: the carrier's answer goes through the relay to the phone. An ACK
 * without one (RFC 3261 13.2.1 requires it) leaves the call without audio, so it ends.
 */
function carrierAnswered(call: Inbound, sdp: string) {
  const { relay, log } = call.context;
  const delayed = call.delayed;
  if (!delayed) return;
  if (!sdp) {
    log.warn({ call: call.engineCallId }, 'trunk call ended: the carrier acknowledged our offer without an answer');
    failCall(call, 'mediaLost');
    return;
  }
  call.trunkSdp = sdp;
  call.farSends = sdpSends(sdp);
  relay
    .trunkAnswer(delayed.phoneOffers, sdp)
    .then((answer) => {
      if (call.state !== 'ended') call.events?.signal({ type: 'answer', sdp: answer, epoch: delayed.epoch });
    })
    .catch((error: unknown) => {
      log.warn({ err: error, call: call.engineCallId }, "rtpengine refused the carrier's answer");
      failCall(call, 'mediaLost');
    });
}
