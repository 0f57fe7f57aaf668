/**
 * The browser notification of an incoming call (issue #25), shown by the SDK in the host page:
 * an agent whose CRM tab is in the background hears the ring (the phone's frame plays it) and
 * sees who calls. Shown by the host page because browsers do not let a framed page from another
 * site ask for the permission. It is asked for once per browser, at the agent's first click or
 * key press in the page after the phone starts (browsers ignore or hide a request nobody made),
 * and never required: refused or never answered, the phone works as before.
 */

/** Set once the permission was asked for: a person who dismissed the prompt is not asked again. */
export const NOTIFICATIONS_ASKED_KEY = 'open-softphone.notificationsAsked';

export interface Notifier {
  /** A call rings (`callId`) or none does (null): show or close the notification. */
  ring(callId: string | null, title: string, body: string): void;
  destroy(): void;
}

const silent: Notifier = { ring: () => undefined, destroy: () => undefined };

function readFlag(win: Window): boolean {
  try {
    return win.localStorage.getItem(NOTIFICATIONS_ASKED_KEY) === '1';
  } catch {
    // Storage refused (a sandboxed or private page): ask, at most once per page.
    return false;
  }
}

function writeFlag(win: Window): void {
  try {
    win.localStorage.setItem(NOTIFICATIONS_ASKED_KEY, '1');
  } catch {
    // Nothing to keep it in: the next page asks again, which is harmless.
  }
}

/**
 * `enabled` is the `notifications` init parameter; `bringForward` shows the phone to the agent
 * who clicks the notification.
 */
export function createNotifier(win: Window, enabled: boolean, bringForward: () => void): Notifier {
  const api = (win as Window & { Notification?: typeof Notification }).Notification;
  if (!enabled || !api) return silent;
  let shown: Notification | undefined;

  const detach = () => {
    win.document.removeEventListener('pointerdown', ask, true);
    win.document.removeEventListener('keydown', ask, true);
  };
  function ask() {
    detach();
    if (api?.permission !== 'default') return;
    writeFlag(win);
    // Older browsers answer through a callback and return nothing.
    void Promise.resolve(api.requestPermission()).catch(() => undefined);
  }
  if (api.permission === 'default' && !readFlag(win)) {
    win.document.addEventListener('pointerdown', ask, true);
    win.document.addEventListener('keydown', ask, true);
  }

  /** The call that rings now, if any: shown when the page is hidden, now or later in the ring. */
  let ringing: { callId: string; title: string; body: string } | null = null;
  const close = () => {
    shown?.close();
    shown = undefined;
  };
  const show = () => {
    if (!ringing || shown || win.document.visibilityState !== 'hidden' || api.permission !== 'granted') return;
    const note = new api(ringing.title, {
      body: ringing.body,
      tag: `open-softphone-${ringing.callId}`,
      requireInteraction: true,
    });
    note.onclick = () => {
      note.close();
      bringForward();
    };
    shown = note;
  };
  // An agent who switches away while a call rings still hears of it; one who comes back sees the phone.
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') show();
    else close();
  };
  win.document.addEventListener('visibilitychange', onVisibility);

  return {
    ring(callId, title, body) {
      close();
      ringing = callId === null ? null : { callId, title, body };
      show();
    },
    destroy() {
      detach();
      win.document.removeEventListener('visibilitychange', onVisibility);
      close();
      ringing = null;
    },
  };
}
