import type { FastifyBaseLogger } from 'fastify';
import { makeResponse, type NameAddr, type SipRequest, type SipResponse, type Stack } from 'sip';
import { signRequest } from 'sip/digest.js';
import type { CallOutcome } from '../cti/engine/calls/call-model.js';
import type { LineEvents, LineLeg } from '../cti/engine/calls/outside-line.js';
import type { MediaRelay, RelayCall } from './media-relay.js';
import { localUri, newCallId, newTag, outcomeOfStatus, routeSet, trunkUri, withTag } from './sip-messages.js';
import type { TrunkSettings } from './trunk-settings.js';

/**
 * One call on a trunk: the SIP dialog with the carrier (RFC 3261, as a back-to-back user agent's
 * outer half) and the call's media in rtpengine, driven by the engine through `LineLeg` and
 * reporting through `LineEvents`. The agent's phone is the other half, over the socket: its
 * WebRTC descriptions go to rtpengine, never to the carrier.
 */

export interface LegContext {
  stack: Stack;
  relay: MediaRelay;
  /** This node as the trunk reaches it. */
  local: { host: string; port: number };
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** In-dialog requests and stray responses for this Call-ID come to `handler` until `forget`. */
  register(callId: string, handler: DialogHandler): void;
  forget(callId: string): void;
}

export interface DialogHandler {
  onRequest(request: SipRequest): void;
  /** A response no transaction wanted: a 200 OK to our INVITE sent again because our ACK was lost. */
  onStrayResponse(response: SipResponse): void;
  /** The node is stopping: the call is ended towards the carrier (BYE, CANCEL or a refusal). */
  shutdown(): void;
}

/** The phone has this long to send its offer before the call is given up. */
const OFFER_WAIT_MS = 10_000;
/** Our 200 OK is sent again, doubling from this, until the ACK comes (RFC 6026: the UA's job, not the transaction's). */
const OK_RESEND_FIRST_MS = 500;
const OK_RESEND_MAX_MS = 4_000;
const OK_GIVE_UP_MS = 32_000;
const USER_AGENT = 'open-platform call centre';
const ALLOW = 'INVITE, ACK, CANCEL, BYE, OPTIONS';

type Signal = { type: string; sdp?: unknown; epoch?: unknown };
const isDescription = (
  value: unknown,
  type: 'offer' | 'answer',
): value is { type: string; sdp: string; epoch?: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  (value as Signal).type === type &&
  typeof (value as Signal).sdp === 'string';

interface Dialog {
  callId: string;
  localTag: string;
  remoteTag: string;
  local: NameAddr;
  remote: NameAddr;
  remoteTarget: string;
  route: NameAddr[];
  localSeq: number;
}

function inDialogRequest(dialog: Dialog, method: string, seq = ++dialog.localSeq): SipRequest {
  return {
    method,
    uri: dialog.remoteTarget,
    headers: {
      to: withTag(dialog.remote, dialog.remoteTag),
      from: withTag(dialog.local, dialog.localTag),
      'call-id': dialog.callId,
      cseq: { method: method === 'ACK' ? 'INVITE' : method, seq },
      via: [],
      ...(dialog.route.length > 0 ? { route: dialog.route } : {}),
      'max-forwards': 70,
      'user-agent': USER_AGENT,
    },
  };
}

const contactUri = (message: SipRequest | SipResponse): string | undefined => message.headers.contact?.[0]?.uri;

/** Sends a request that may get a response we do not need (BYE): failures are only logged. */
function sendQuietly(context: LegContext, request: SipRequest) {
  try {
    context.stack.send(request, () => undefined);
  } catch (error) {
    context.log.warn({ err: error, method: request.method }, 'a SIP request could not be sent');
  }
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
): LineLeg {
  const { stack, relay, log } = context;
  const sipCallId = newCallId(context.local.host);
  const localTag = newTag();
  const relayCall: RelayCall = { callId: sipCallId, fromTag: localTag, toTag: null };
  const local: NameAddr = {
    uri: localUri(context.local.host, context.local.port, request.from, trunk.transport),
    params: {},
  };
  const remote: NameAddr = { uri: trunkUri(trunk, request.to), params: {} };
  let state: 'waitingOffer' | 'inviting' | 'confirmed' | 'ended' = 'waitingOffer';
  let invite: SipRequest | null = null;
  let gotProvisional = false;
  let cancelWhenProvisional = false;
  let authenticated = false;
  let phoneAnswered = false;
  let farSdp: string | null = null;
  let dialog: Dialog | null = null;
  let epoch: unknown;
  const digest: Record<string, unknown> = {};

  const offerTimer = setTimeout(() => {
    if (state !== 'waitingOffer') return;
    log.warn({ call: request.callId }, "the agent's phone sent no WebRTC offer: the trunk call is given up");
    finish();
    events.ended('failed');
  }, OFFER_WAIT_MS);

  function finish() {
    if (state === 'ended') return;
    state = 'ended';
    clearTimeout(offerTimer);
    // Kept a little after the end, so a late 200 OK can still be acknowledged and hung up.
    setTimeout(() => {
      context.forget(sipCallId);
    }, OK_GIVE_UP_MS).unref();
    if (invite !== null) {
      relay.delete(relayCall).catch((error: unknown) => {
        log.warn({ err: error, call: request.callId }, 'rtpengine could not delete a call');
      });
    }
  }

  function buildInvite(sdp: string, seq: number): SipRequest {
    return {
      method: 'INVITE',
      uri: remote.uri,
      headers: {
        to: remote,
        from: withTag(local, localTag),
        'call-id': sipCallId,
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

  async function tellPhone(sdp: string) {
    if (phoneAnswered || state === 'ended') return;
    phoneAnswered = true;
    try {
      events.signal({ type: 'answer', sdp: await relay.trunkAnswer(relayCall, sdp), epoch });
    } catch (error) {
      log.warn({ err: error, call: request.callId }, "rtpengine refused the carrier's answer");
      phoneAnswered = false;
    }
  }

  function sendCancel() {
    if (!invite) return;
    const via = invite.headers.via[0];
    sendQuietly(context, {
      method: 'CANCEL',
      uri: invite.uri,
      headers: {
        to: invite.headers.to,
        from: invite.headers.from,
        'call-id': sipCallId,
        cseq: { method: 'CANCEL', seq: invite.headers.cseq.seq },
        via: via ? [via] : [],
        'max-forwards': 70,
      },
    });
  }

  function acknowledge(response: SipResponse) {
    const tag = response.headers.to.params.tag;
    if (typeof tag !== 'string') return;
    dialog ??= {
      callId: sipCallId,
      localTag,
      remoteTag: tag,
      local,
      remote,
      remoteTarget: contactUri(response) ?? remote.uri,
      route: routeSet(response, true),
      localSeq: invite?.headers.cseq.seq ?? 1,
    };
    sendQuietly(context, inDialogRequest(dialog, 'ACK', response.headers.cseq.seq));
  }

  function onResponse(response: SipResponse) {
    if (response.status < 200) {
      if (response.status > 100) gotProvisional = true;
      if (cancelWhenProvisional && gotProvisional) {
        cancelWhenProvisional = false;
        sendCancel();
      }
      const tag = response.headers.to.params.tag;
      if (typeof tag === 'string') relayCall.toTag = tag;
      // Early media (183 with SDP): the agent hears the carrier's ringback or announcement.
      if (response.content && state === 'inviting') void tellPhone(response.content);
      return;
    }
    if (response.status < 300) {
      acknowledge(response);
      if (state === 'ended') {
        // Our CANCEL crossed the carrier's answer: the call is over all the same.
        if (dialog) sendQuietly(context, inDialogRequest(dialog, 'BYE'));
        return;
      }
      state = 'confirmed';
      relayCall.toTag = dialog?.remoteTag ?? relayCall.toTag;
      farSdp = response.content ?? null;
      const answered = () => {
        if (state === 'confirmed') events.answered();
      };
      if (farSdp) void tellPhone(farSdp).then(answered);
      else answered();
      return;
    }
    if (
      (response.status === 401 || response.status === 407) &&
      !authenticated &&
      trunk.username &&
      invite &&
      state === 'inviting'
    ) {
      authenticated = true;
      const next = buildInvite(invite.content ?? '', invite.headers.cseq.seq + 1);
      signRequest(digest, next, response, { user: trunk.username, password: trunk.password ?? '' });
      send(next);
      return;
    }
    if (state === 'ended') return;
    log.info({ call: request.callId, status: response.status, reason: response.reason }, 'the trunk refused a call');
    finish();
    events.ended(outcomeOfStatus(response.status));
  }

  function send(next: SipRequest) {
    invite = next;
    gotProvisional = false;
    try {
      stack.send(next, onResponse);
    } catch (error) {
      log.warn({ err: error, call: request.callId }, 'the INVITE could not be sent');
      finish();
      events.ended('failed');
    }
  }

  /** Our side ends the call: CANCEL while it rings (once the carrier said it rings), BYE once answered. */
  function hangUp() {
    const was = state;
    finish();
    if (was === 'inviting') {
      if (gotProvisional) sendCancel();
      else cancelWhenProvisional = true;
    } else if (was === 'confirmed' && dialog) {
      sendQuietly(context, inDialogRequest(dialog, 'BYE'));
    }
  }

  context.register(sipCallId, {
    shutdown: hangUp,
    onRequest(message) {
      if (message.method === 'BYE') {
        stack.send(makeResponse(message, 200, 'OK'));
        if (state === 'ended') return;
        finish();
        events.ended('completed');
      } else if (message.method === 'INVITE') {
        // A session refresh or a change of media from the carrier: the media stays as agreed.
        stack.send(
          makeResponse(message, 200, 'OK', {
            headers: { contact: [{ uri: local.uri, params: {} }], 'content-type': 'application/sdp' },
            content: invite?.content ?? '',
          }),
        );
      } else if (message.method !== 'ACK') {
        stack.send(
          makeResponse(
            message,
            message.method === 'OPTIONS' ? 200 : 405,
            message.method === 'OPTIONS' ? 'OK' : 'Method Not Allowed',
          ),
        );
      }
    },
    onStrayResponse(response) {
      // Our ACK was lost and the carrier sent its 200 OK again. The stack shows us every
      // response before its transaction does, the first 200 OK too: that one is acknowledged
      // by onResponse, which makes the dialog.
      const success = response.status >= 200 && response.status < 300;
      if (success && dialog !== null && response.headers.cseq.method === 'INVITE') acknowledge(response);
    },
  });

  return {
    signal(signal) {
      if (!isDescription(signal, 'offer') || state === 'ended') return;
      epoch = signal.epoch;
      if (state === 'waitingOffer') {
        state = 'inviting';
        clearTimeout(offerTimer);
        relay
          .browserOffer(relayCall, signal.sdp)
          .then((sdp) => {
            if (state === 'inviting') send(buildInvite(sdp, 1));
          })
          .catch((error: unknown) => {
            log.warn({ err: error, call: request.callId }, "rtpengine refused the phone's offer");
            if (state === 'ended') return;
            finish();
            events.ended('failed');
          });
        return;
      }
      // A new phone on the call (a colleague took it over) or a phone that reconnected: it
      // offers again, and the carrier's answer, kept from the 200 OK, answers it through rtpengine.
      phoneAnswered = false;
      relay
        .browserOffer(relayCall, signal.sdp)
        .then(() => (farSdp ? tellPhone(farSdp) : undefined))
        .catch((error: unknown) => {
          log.warn({ err: error, call: request.callId }, "rtpengine refused the phone's new offer");
        });
    },
    agentJoined() {
      // The agent's phone offers by itself on an outbound call (see signal).
    },
    end: hangUp,
  };
}

/**
 * A call the carrier brought in, once the service has accepted it (source and DID checked):
 * it rings (180) while the engine queues and offers it, and is answered (200 OK) when an agent's
 * phone has answered rtpengine's offer.
 */
export function answerTrunk(
  context: LegContext,
  invite: SipRequest,
  browserOffer: string,
  relayCall: RelayCall,
): { connect(callId: string, events: LineEvents): LineLeg; refuse(status: number, reason: string): void } {
  const { stack, relay, log } = context;
  const sipCallId = invite.headers['call-id'];
  const localTag = relayCall.toTag ?? newTag();
  const trunkSdp = invite.content ?? '';
  let state: 'ringing' | 'answering' | 'confirmed' | 'ended' = 'ringing';
  let events: LineEvents | null = null;
  let engineCallId = '';
  let localSdp: string | null = null;
  let offered = browserOffer;
  let offersMade = 0;
  let resend: NodeJS.Timeout | null = null;
  const local: NameAddr = {
    uri: localUri(context.local.host, context.local.port, 'callcentre', 'udp'),
    params: {},
  };
  const dialog: Dialog = {
    callId: sipCallId,
    localTag,
    remoteTag: typeof invite.headers.from.params.tag === 'string' ? invite.headers.from.params.tag : '',
    local: invite.headers.to,
    remote: invite.headers.from,
    remoteTarget: contactUri(invite) ?? invite.headers.from.uri,
    route: routeSet(invite, false),
    localSeq: 0,
  };

  const respond = (
    status: number,
    reason: string,
    extension: { headers?: Partial<SipResponse['headers']>; content?: string } = {},
  ) => {
    const response = makeResponse(invite, status, reason, extension);
    response.headers.to = withTag(invite.headers.to, localTag);
    stack.send(response);
    return response;
  };

  function finish() {
    if (state === 'ended') return;
    state = 'ended';
    if (resend) clearTimeout(resend);
    setTimeout(() => {
      context.forget(sipCallId);
    }, OK_GIVE_UP_MS).unref();
    relay.delete(relayCall).catch((error: unknown) => {
      log.warn({ err: error, call: engineCallId }, 'rtpengine could not delete a call');
    });
  }

  /** Our 200 OK again and again until the ACK (or give up and hang up). */
  function sendOk(sdp: string) {
    const ok = respond(200, 'OK', {
      headers: {
        contact: [{ uri: local.uri, params: {} }],
        'content-type': 'application/sdp',
        allow: ALLOW,
        'user-agent': USER_AGENT,
      },
      content: sdp,
    });
    const startedAt = Date.now();
    const again = (after: number) => {
      resend = setTimeout(() => {
        if (state !== 'answering') return;
        if (Date.now() - startedAt >= OK_GIVE_UP_MS) {
          finish();
          sendQuietly(context, inDialogRequest(dialog, 'BYE'));
          events?.ended('failed');
          return;
        }
        stack.send(ok);
        again(Math.min(after * 2, OK_RESEND_MAX_MS));
      }, after);
    };
    again(OK_RESEND_FIRST_MS);
  }

  /** Our side ends the call: a refusal while it rings (the carrier plays its own message), BYE once answered. */
  function hangUp(outcome?: CallOutcome) {
    const was = state;
    finish();
    if (was === 'ringing')
      respond(outcome === 'busy' ? 486 : 480, outcome === 'busy' ? 'Busy Here' : 'Temporarily Unavailable');
    else if (was !== 'ended') sendQuietly(context, inDialogRequest(dialog, 'BYE'));
  }

  context.register(sipCallId, {
    shutdown: () => {
      hangUp();
    },
    onRequest(message) {
      switch (message.method) {
        case 'ACK':
          if (state === 'answering') {
            state = 'confirmed';
            if (resend) clearTimeout(resend);
          }
          return;
        case 'CANCEL':
          stack.send(makeResponse(message, 200, 'OK'));
          if (state !== 'ringing') return;
          respond(487, 'Request Terminated');
          finish();
          events?.ended('cancelled');
          return;
        case 'BYE':
          stack.send(makeResponse(message, 200, 'OK'));
          if (state === 'ended') return;
          finish();
          events?.ended('completed');
          return;
        case 'INVITE':
          // A session refresh: the media stays as agreed.
          stack.send(
            makeResponse(message, 200, 'OK', {
              headers: { contact: [{ uri: local.uri, params: {} }], 'content-type': 'application/sdp' },
              content: localSdp ?? '',
            }),
          );
          return;
        default:
          stack.send(
            makeResponse(
              message,
              message.method === 'OPTIONS' ? 200 : 405,
              message.method === 'OPTIONS' ? 'OK' : 'Method Not Allowed',
            ),
          );
      }
    },
    onStrayResponse() {
      // Responses to our BYE need nothing.
    },
  });

  return {
    refuse(status, reason) {
      if (state !== 'ringing') return;
      respond(status, reason);
      finish();
    },
    connect(callId, given) {
      engineCallId = callId;
      events = given;
      respond(180, 'Ringing', { headers: { contact: [{ uri: local.uri, params: {} }] } });
      return {
        agentJoined() {
          if (state === 'ended') return;
          offersMade += 1;
          const epoch = `network-${offersMade}`;
          // A second agent (a transfer) gets a fresh offer for their own browser.
          const ready = offersMade === 1 ? Promise.resolve(offered) : relay.trunkOffer(relayCall, trunkSdp);
          ready
            .then((sdp) => {
              offered = sdp;
              if (state !== 'ended') given.signal({ type: 'offer', sdp, epoch });
            })
            .catch((error: unknown) => {
              log.warn({ err: error, call: callId }, 'rtpengine refused to offer the call again');
            });
        },
        signal(signal) {
          if (!isDescription(signal, 'answer') || state === 'ended') return;
          relay
            .browserAnswer(relayCall, signal.sdp)
            .then((sdp) => {
              if (state !== 'ringing') return;
              state = 'answering';
              localSdp = sdp;
              sendOk(sdp);
            })
            .catch((error: unknown) => {
              log.warn({ err: error, call: callId }, "rtpengine refused the phone's answer");
            });
        },
        end: hangUp,
      };
    },
  };
}
