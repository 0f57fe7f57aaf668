import { afterEach, vi } from 'vitest';

// Test files share a worker (isolate: false in vitest.config.ts): a test that left fake timers on
// would freeze the next file's waits and sockets.
afterEach(() => {
  vi.useRealTimers();
});
