/**
 * The phone's login token (issue #41). A running session does not need it (the socket resumes
 * with the session's key), but taking the agent back from another tab does, and a token lasts 15
 * minutes by default. So, as Twilio's Device does, the phone asks its page for the next one before
 * it expires (`tokenWillExpire`), and holds what the page gives (`updateToken`, checked by the
 * server first). It asks three minutes ahead, or a quarter of a shorter token's life ahead (the
 * server's refreshMarginSeconds, auth/login-token.ts), and asks again for every token it is given.
 */
import type { PhoneEvent } from './phone-event.js';

/** How long before a token expires the page is asked for the next one, at most. */
export const TOKEN_ASK_AHEAD_MS = 3 * 60_000;

export interface TokenKeeperOptions {
  /** The server's clock (ms since the epoch): the expiry is the server's. */
  now: () => number;
  announce: (events: readonly PhoneEvent[]) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** What the server answered to `updateToken`. */
export interface TokenState {
  token_expires_at: string;
  refresh_at: string;
}

export function createTokenKeeper(options: TokenKeeperOptions) {
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ??
    ((timer: unknown) => {
      clearTimeout(timer as ReturnType<typeof setTimeout>);
    });
  let token = '';
  let expiresAt = Number.NaN;
  let timer: unknown;

  function stopAsking() {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  }

  function askAt(askAt: number) {
    stopAsking();
    if (!Number.isFinite(expiresAt)) return;
    timer = setTimer(
      () => {
        timer = undefined;
        const data = {
          token_expires_at: new Date(expiresAt).toISOString(),
          seconds_left: Math.max(0, Math.round((expiresAt - options.now()) / 1000)),
        };
        options.announce([{ name: 'tokenWillExpire', data }]);
      },
      Math.max(0, askAt - options.now()),
    );
  }

  return {
    /** The token the phone holds now: the newest the server accepted. */
    get token(): string {
      return token;
    },
    /** The phone signed in with `given` (at init, or taking the agent back), which expires then. */
    signedIn(given: string, tokenExpiresAt: string) {
      token = given;
      expiresAt = Date.parse(tokenExpiresAt);
      // The phone does not know when the token was minted: what is left of it now stands for its life.
      const left = expiresAt - options.now();
      askAt(expiresAt - Math.min(TOKEN_ASK_AHEAD_MS, Math.max(0, Math.floor(left / 4))));
    },
    /** The server accepted the page's next token. */
    updated(given: string, state: TokenState) {
      token = given;
      expiresAt = Date.parse(state.token_expires_at);
      askAt(Date.parse(state.refresh_at));
    },
    /** The session is over for good, or the phone is going: nothing to ask for any more. */
    stop() {
      stopAsking();
      expiresAt = Number.NaN;
    },
  };
}

export type TokenKeeper = ReturnType<typeof createTokenKeeper>;
