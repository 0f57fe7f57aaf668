import { describe, expect, it } from 'vitest';
import { createNotifier, NOTIFICATIONS_ASKED_KEY } from './notifier.js';

/**
 * A host page as the notifier sees it: the Notification API with a permission, the page's
 * visibility, its storage and its listeners. The browser's own behaviour is the browser test's
 * (e2e/softphone-ringer.test.ts); this one checks the notifier's rules.
 */
function host(permission: NotificationPermission, visibility: DocumentVisibilityState = 'hidden') {
  const shown: { title: string; options: NotificationOptions; closed: boolean; onclick: (() => void) | null }[] = [];
  const listeners = new Map<string, () => void>();
  const stored = new Map<string, string>();
  let asked = 0;
  class FakeNotification {
    static permission = permission;
    static requestPermission() {
      asked += 1;
      return Promise.resolve(FakeNotification.permission);
    }
    record: (typeof shown)[number];
    constructor(title: string, options: NotificationOptions) {
      this.record = { title, options, closed: false, onclick: null };
      shown.push(this.record);
    }
    set onclick(handler: () => void) {
      this.record.onclick = handler;
    }
    close() {
      this.record.closed = true;
    }
  }
  const win = {
    Notification: FakeNotification,
    document: {
      visibilityState: visibility,
      addEventListener: (name: string, handler: () => void) => listeners.set(name, handler),
      removeEventListener: (name: string) => listeners.delete(name),
    },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
  } as unknown as Window;
  return { win, shown, listeners, stored, asked: () => asked };
}

/** The listeners that would ask for the permission (the visibility one stays while the phone runs). */
const askListeners = (page: ReturnType<typeof host>) =>
  [...page.listeners.keys()].filter((name) => name !== 'visibilitychange');

describe('createNotifier', () => {
  it('notifies while the page is hidden, closes when the ring stops, and brings the phone forward on click', () => {
    const page = host('granted');
    let forward = 0;
    const notifier = createNotifier(page.win, true, () => (forward += 1));
    notifier.ring('c1', 'Incoming call', 'From +8613912345678');
    expect(page.shown).toMatchObject([
      { title: 'Incoming call', options: { body: 'From +8613912345678', tag: 'open-softphone-c1' }, closed: false },
    ]);
    notifier.ring(null, '', '');
    expect(page.shown[0]?.closed).toBe(true);
    notifier.ring('c2', 'Incoming call', 'From 8002');
    page.shown[1]?.onclick?.();
    expect(forward).toBe(1);
    expect(page.shown[1]?.closed).toBe(true);
  });

  it('notifies when the page is hidden after the ring began, and closes when the agent comes back', () => {
    const page = host('granted', 'visible');
    const notifier = createNotifier(page.win, true, () => undefined);
    notifier.ring('c1', 'Incoming call', 'From 8002');
    expect(page.shown).toEqual([]);
    const visibility = page.win.document as { visibilityState: DocumentVisibilityState };
    visibility.visibilityState = 'hidden';
    page.listeners.get('visibilitychange')?.();
    expect(page.shown).toMatchObject([
      { title: 'Incoming call', options: { tag: 'open-softphone-c1' }, closed: false },
    ]);
    visibility.visibilityState = 'visible';
    page.listeners.get('visibilitychange')?.();
    expect(page.shown[0]?.closed).toBe(true);
    // Hidden again while it still rings: shown again; once the ring stopped, hiding shows nothing.
    visibility.visibilityState = 'hidden';
    page.listeners.get('visibilitychange')?.();
    expect(page.shown).toHaveLength(2);
    notifier.ring(null, '', '');
    visibility.visibilityState = 'visible';
    page.listeners.get('visibilitychange')?.();
    visibility.visibilityState = 'hidden';
    page.listeners.get('visibilitychange')?.();
    expect(page.shown).toHaveLength(2);
    notifier.destroy();
    expect(page.listeners.has('visibilitychange')).toBe(false);
  });

  it('shows nothing while the page is visible, without permission, or when turned off', () => {
    for (const [page, enabled] of [
      [host('granted', 'visible'), true],
      [host('denied'), true],
      [host('default'), true],
      [host('granted'), false],
    ] as const) {
      createNotifier(page.win, enabled, () => undefined).ring('c1', 'Incoming call', 'From 8002');
      expect(page.shown).toEqual([]);
    }
  });

  it('asks for the permission once, at the first click or key press, and never again in this browser', async () => {
    const page = host('default');
    createNotifier(page.win, true, () => undefined);
    expect(page.asked()).toBe(0);
    page.listeners.get('pointerdown')?.();
    await Promise.resolve();
    expect(page.asked()).toBe(1);
    expect(askListeners(page)).toEqual([]);
    expect(page.stored.get(NOTIFICATIONS_ASKED_KEY)).toBe('1');
    // The next page load of the same browser does not ask again.
    const later = host('default');
    later.stored.set(NOTIFICATIONS_ASKED_KEY, '1');
    createNotifier(later.win, true, () => undefined);
    expect(askListeners(later)).toEqual([]);
    // Turned off, or already answered: nothing is asked.
    const granted = host('granted');
    createNotifier(granted.win, true, () => undefined);
    expect(askListeners(granted)).toEqual([]);
    const off = host('default');
    createNotifier(off.win, false, () => undefined);
    expect(off.listeners.size).toBe(0);
  });
});
