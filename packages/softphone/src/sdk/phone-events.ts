/** The integrator's event handlers (`on`/`off`) and how an event reaches them. */

export type EventHandler = (payload: unknown) => void;

export function createEvents() {
  const handlers = new Map<string, Set<EventHandler>>();

  function emit(name: string, data: unknown) {
    const calls: [EventHandler, unknown][] = [
      ...[...(handlers.get(name) ?? [])].map((handler): [EventHandler, unknown] => [handler, data]),
      ...[...(handlers.get('*') ?? [])].map((handler): [EventHandler, unknown] => [handler, { name, data }]),
    ];
    for (const [handler, payload] of calls) {
      try {
        handler(payload);
      } catch (error) {
        // An integrator's handler that throws must not stop the others or the bridge.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }

  function on(name: string, handler: EventHandler) {
    let set = handlers.get(name);
    if (!set) handlers.set(name, (set = new Set()));
    set.add(handler);
  }

  function off(name: string, handler?: EventHandler) {
    if (handler) handlers.get(name)?.delete(handler);
    else handlers.delete(name);
  }

  return { emit, on, off };
}

export type PhoneEvents = ReturnType<typeof createEvents>;
