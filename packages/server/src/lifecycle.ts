/**
 * The one place long-lived parts (timers, connections, the database) register how to close.
 * The app closes them when Fastify closes, in reverse order of registration, so a part is
 * closed before what it depends on.
 */
export interface Lifecycle {
  onClose(name: string, close: () => Promise<void> | void): void;
  close(): Promise<void>;
}

export function createLifecycle(): Lifecycle {
  const parts: { name: string; close: () => Promise<void> | void }[] = [];
  let closing: Promise<void> | undefined;
  return {
    onClose(name, close) {
      parts.push({ name, close });
    },
    close() {
      closing ??= (async () => {
        const failures: unknown[] = [];
        for (const part of parts.reverse()) {
          try {
            await part.close();
          } catch (error) {
            failures.push(new Error(`closing ${part.name} failed`, { cause: error }));
          }
        }
        if (failures.length > 0) throw new AggregateError(failures, 'shutdown left parts open');
      })();
      return closing;
    },
  };
}
