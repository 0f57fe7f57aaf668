/**
 * The method calls on their way to the phone: held until its page has loaded, then sent at once,
 * each waiting for its result.
 */
import { BRIDGE, type FromPhone, type ToPhone } from '../bridge/messages.js';
import { SoftphoneError } from './sdk-errors.js';

type Waiting = { resolve: (value: unknown) => void; reject: (error: SoftphoneError) => void };

export function createOutbox(post: (message: ToPhone) => void) {
  const pending = new Map<number, Waiting>();
  /** Calls made before the phone's page loaded: sent when it has. */
  let queued: ToPhone[] = [];
  let loaded = false;
  let nextId = 1;
  /** Set once the phone can take no call (it never loaded): every later call is refused with it at once. */
  let refusedWith: SoftphoneError | null = null;

  return {
    get loaded() {
      return loaded;
    },

    /** The phone's page has loaded: it is sent `first` (init), then the calls made meanwhile. */
    open(first: ToPhone) {
      loaded = true;
      post(first);
      for (const call of queued) post(call);
      queued = [];
    },

    send(method: string, params: Record<string, unknown>): Promise<unknown> {
      if (refusedWith) return Promise.reject(refusedWith);
      const id = nextId++;
      const message: ToPhone = { bridge: BRIDGE, type: 'call', id, method, params };
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        if (loaded) post(message);
        else queued.push(message);
      });
    },

    /** A call's result: its promise settles. */
    settle(message: Extract<FromPhone, { type: 'result' }>) {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.code === 0) waiting.resolve(message.data);
      else waiting.reject(new SoftphoneError(message.code, message.message, message.data));
    },

    /** Refuses every call waiting; `forGood`: and every later one, at once. */
    failAll(error: SoftphoneError, { forGood = false } = {}) {
      if (forGood) refusedWith = error;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      queued = [];
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
