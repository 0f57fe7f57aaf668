import type { FastifyBaseLogger } from 'fastify';
import { makeResponse, type NameAddr, type SipRequest, type SipResponse, type Stack } from 'sip';
import type { CallEndReason, LineLeg } from '../cti/engine/calls/outside-line.js';
import type { FarEnd } from './far-end-silence.js';
import type { MediaRelay, RelayCall } from './media-relay.js';
import { withTag } from './sip-messages.js';

/**
 * One call on a trunk: the SIP dialog with the carrier (RFC 3261, as a back-to-back user agent's
 * outer half) and the call's media in rtpengine, driven by the engine through `LineLeg` and
 * reporting through `LineEvents`. The agent's phone is the other half, over the socket: its
 * WebRTC descriptions go to rtpengine, never to the carrier. What both directions share is here;
 * a call out is `dialTrunk` (trunk-dial.ts), a call in `answerTrunk` (trunk-answer.ts).
 */

/**
 * What a trunk leg does not do: the phone sends its digits in the media (RFC 4733, through the
 * relay), and handing the caller to another outside number would need a second trunk call bridged
 * to this one or the carrier's REFER, not built yet (the agent hears trunkTransferUnsupported).
 */
export const trunkLegLimits: Pick<LineLeg, 'digits' | 'handOver'> = {
  digits: () => undefined,
  handOver: () => 'unsupported',
};

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
  /**
   * The call's media is gone (the relay died or dropped the call: `mediaLost`; the far end sent
   * no audio for the trunk's limit: `farEndSilent`): it is ended towards the carrier as on
   * shutdown, and the engine hears `failed` with the reason, so nobody is left on a silent call.
   */
  fail(reason: CallEndReason): void;
  /** The call as the relay holds it, once it does and until the call ends: what is checked for. */
  relayCall(): RelayCall | null;
  /** The relay holding the call's media (its `address`): its watch checks the call. */
  relayAddress(): string;
  /** The far end once the call is answered and until it ends (its silence is watched); else null. */
  farEnd(): FarEnd | null;
  /** Asks the carrier in the call's dialog whether it still knows the call (askInDialog), once answered, on a trunk that pings. */
  checkDialog(): void;
  /** The tenant whose trunk carries the call. */
  readonly tenantId: string;
  /**
   * What the call takes of its trunk's caps: `waiting`, a caller no agent has answered yet (in the
   * queue or ringing one); `live`, any other call not ended; `ended`, nothing (the dialog is kept
   * a little longer for late messages).
   */
  load(): 'waiting' | 'live' | 'ended';
}

/** The calls a tenant's trunk carries now, and of them the callers still waiting for an agent. */
export function trunkLoad(dialogs: Iterable<DialogHandler>, tenantId: string): { calls: number; waiting: number } {
  let calls = 0;
  let waiting = 0;
  for (const dialog of dialogs) {
    if (dialog.tenantId !== tenantId) continue;
    const load = dialog.load();
    if (load === 'ended') continue;
    calls += 1;
    if (load === 'waiting') waiting += 1;
  }
  return { calls, waiting };
}

/** The phone has this long to send its offer before the call is given up. */
export const OFFER_WAIT_MS = 10_000;
/** Our 200 OK is sent again, doubling from this, until the ACK comes (RFC 6026: the UA's job, not the transaction's). */
export const OK_RESEND_FIRST_MS = 500;
export const OK_RESEND_MAX_MS = 4_000;
export const OK_GIVE_UP_MS = 32_000;
export const USER_AGENT = 'open-platform call centre';
export const ALLOW = 'INVITE, ACK, CANCEL, BYE, OPTIONS';

type Signal = { type: string; sdp?: unknown; epoch?: unknown };
export const isDescription = (
  value: unknown,
  type: 'offer' | 'answer',
): value is { type: string; sdp: string; epoch?: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  (value as Signal).type === type &&
  typeof (value as Signal).sdp === 'string';

export interface Dialog {
  callId: string;
  localTag: string;
  remoteTag: string;
  local: NameAddr;
  remote: NameAddr;
  remoteTarget: string;
  route: NameAddr[];
  localSeq: number;
}

export function inDialogRequest(dialog: Dialog, method: string, seq = ++dialog.localSeq): SipRequest {
  return {
    method,
    uri: dialog.remoteTarget,
    headers: {
      to: withTag(dialog.remote, dialog.remoteTag),
      from: withTag(dialog.local, dialog.localTag),
      'call-id': dialog.callId,
      cseq: { method, seq },
      via: [],
      ...(dialog.route.length > 0 ? { route: dialog.route } : {}),
      'max-forwards': 70,
      'user-agent': USER_AGENT,
    },
  };
}

export const contactUri = (message: SipRequest | SipResponse): string | undefined => message.headers.contact?.[0]?.uri;

/**
 * Each answered trunk call's carrier is asked in the call's own dialog (an OPTIONS) every
 * DIALOG_CHECK_FACTOR x SIP_OPTIONS_EVERY seconds (30 by default), on a trunk whose servers are
 * pinged: a 481 says its side forgot the call (a proxy or gateway restarted), which the audio
 * alone may not show for a while. Any other answer, or none, ends nothing: a carrier may refuse
 * OPTIONS in a dialog (405), and one that vanished is the far-end silence limit's to find.
 * RFC 4028's session timers would do the same with re-INVITEs; OPTIONS needs no SDP.
 */
export const DIALOG_CHECK_FACTOR = 3;

export function askInDialog(context: LegContext, dialog: Dialog, gone: () => void) {
  try {
    context.stack.send(inDialogRequest(dialog, 'OPTIONS'), (response) => {
      if (response.status === 481) gone();
    });
  } catch (error) {
    context.log.warn({ err: error }, 'an OPTIONS in a trunk call could not be sent');
  }
}

/** Sends a request that may get a response we do not need (BYE): failures are only logged. */
export function sendQuietly(context: LegContext, request: SipRequest) {
  try {
    context.stack.send(request, () => undefined);
  } catch (error) {
    context.log.warn({ err: error, method: request.method }, 'a SIP request could not be sent');
  }
}

/** A re-INVITE in the dialog, answered with the media already agreed (`sdp`). */
export function answerReinvite(stack: Stack, message: SipRequest, local: NameAddr, sdp: string) {
  stack.send(
    makeResponse(message, 200, 'OK', {
      headers: { contact: [{ uri: local.uri, params: {} }], 'content-type': 'application/sdp' },
      content: sdp,
    }),
  );
}

/** Any other request in the dialog: OPTIONS is answered, the rest refused. */
export function answerOtherRequest(stack: Stack, message: SipRequest) {
  stack.send(
    makeResponse(
      message,
      message.method === 'OPTIONS' ? 200 : 405,
      message.method === 'OPTIONS' ? 'OK' : 'Method Not Allowed',
    ),
  );
}
