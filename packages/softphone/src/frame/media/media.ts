/**
 * The audio (and, with VoLTE video, the video) of internal calls: WebRTC peer connections
 * between the phones of the call's members, signalled through the engine (`rtcSignal` out with
 * `to`, the `rtcSignal` event in with `from`). A call on the tenant's SIP trunk has one
 * connection instead, with the server's media relay (`NETWORK_PEER`), which speaks plain RTP to
 * the carrier: the phone offers on a call it places, the relay on one that came in, and whole
 * descriptions are sent (the relay takes no trickled candidates). The STUN and TURN servers come from the session's
 * `ready` (DESIGN §7: TURN credentials minted by the server for this agent, fresh at every
 * (re)authentication); a server that lists none leaves host candidates only, which reach
 * colleagues on the agents' own network.
 *
 * A call's members are its two agents and its supervisors, and every pair of them that must hear
 * each other has a connection of its own, keyed by the call and the other member's agent id:
 *
 * - agent ⇄ agent: the agent who placed the call offers once it is answered; audio and video.
 * - agent → supervisor: each agent offers to each supervisor the call's view lists, audio only,
 *   because the agents are the ones who know every member (a supervisor's view names only the
 *   agent it watches). A monitoring supervisor answers receive-only, so it is heard by nobody and
 *   its microphone is never opened; one who inserts answers with its microphone, and a change of
 *   mode is renegotiated by the supervisor on the same connections.
 *
 * Every connection has a generation (`epoch`, chosen by its offerer) carried by all its signals.
 * A phone that gains a session (another tab took the agent over, or took it back) has no
 * connection left, so it offers a new generation to everyone; the other side closes its old
 * connection for that member and answers on a new one, and late answers and candidates of the
 * old generation are dropped. A resumed session keeps connections that still carry media: a
 * dropped socket does not touch a direct media path. The phone that offered a connection offers
 * a new generation when it fails or stays disconnected (the other side's tab went away), a few
 * times at most.
 */
import { end, follow, rejoin, signal } from './media-calls.js';
import type { CallMediaOptions, CallView, MediaContext } from './media-model.js';
import { dtmf, switchMicrophone } from './media-tracks.js';
import { noStats } from './media-view.js';

export type { CallMediaOptions, CallView, MediaState, Signal } from './media-model.js';
export { rtcConfigurationOf } from './media-connection.js';

/**
 * One phone's call media. Its parts, each a module beside this one: the calls and their members
 * (media-calls.ts), offer and answer (media-negotiation.ts), one connection (media-connection.ts),
 * what a call sends and hears (media-tracks.ts), and the call shown with its statistics
 * (media-view.ts).
 */
export function createCallMedia(options: CallMediaOptions) {
  const ctx: MediaContext = { options, calls: new Map(), shown: null, stats: noStats(), statsTimer: null };

  return {
    /** The call's view changed (callDataChange): connections to open or close, mute and hold. */
    follow(call: CallView): void {
      follow(ctx, call);
    },

    /** The agent chose another microphone during a call: false when it could not be opened. */
    switchMicrophone(): Promise<boolean> {
      return switchMicrophone(ctx);
    },

    /** The phone signed in (`resumed`: its own session came back): connections offered again. */
    rejoin(views: readonly CallView[], resumed: boolean) {
      rejoin(ctx, views, resumed);
    },

    /** A signal another member's phone sent through the engine. */
    signal(callId: string, from: string, sent: unknown) {
      signal(ctx, callId, from, sent);
    },

    /** Key presses on the call's audio; how many connections carry them. */
    dtmf(callId: string, digits: string): number {
      return dtmf(ctx, callId, digits);
    },

    has(callId: string): boolean {
      return ctx.calls.has(callId);
    },

    end(callId: string): void {
      end(ctx, callId);
    },

    /** The session is gone (replaced, lost, ended): every connection closes and the devices are let go. */
    endAll() {
      for (const callId of [...ctx.calls.keys()]) end(ctx, callId);
    },
  };
}

export type CallMediaControl = ReturnType<typeof createCallMedia>;
