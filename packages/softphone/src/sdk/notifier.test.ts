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
    expect(page.listeners.size).toBe(0);
    expect(page.stored.get(NOTIFICATIONS_ASKED_KEY)).toBe('1');
    // The next page load of the same browser does not ask again.
    const later = host('default');
    later.stored.set(NOTIFICATIONS_ASKED_KEY, '1');
    createNotifier(later.win, true, () => undefined);
    expect(later.listeners.size).toBe(0);
    // Turned off, or already answered: nothing is asked.
    const granted = host('granted');
    createNotifier(granted.win, true, () => undefined);
    expect(granted.listeners.size).toBe(0);
    const off = host('default');
    createNotifier(off.win, false, () => undefined);
    expect(off.listeners.size).toBe(0);
  });
});
