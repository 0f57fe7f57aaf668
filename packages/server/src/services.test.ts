/**
 * Services built only to seed or to read content (tests, the start's preparation of the
 * database) start no background work: the webhooks' event log, started on creation, polled the
 * database every 5 s after the test files that built it had closed it, and its warnings, logged
 * while Vitest's worker was closing, failed a whole CI run ("Closing rpc while onUserConsoleLog
 * was pending").
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from './clock.js';
import { noReadCache } from './db/read-cache.js';
import { createLifecycle } from './lifecycle.js';
import { createServices } from './services.js';
import { createTestDatabase, type TestDatabase } from '../test/helpers.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the services', () => {
  it('start no polling when built, only when started, and stop it when closed', async () => {
    // Only intervals are faked: the event log polls with one; the databases' drivers use none.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const lifecycle = createLifecycle();
    const services = createServices({ db: database.db, readCache: noReadCache, clock: systemClock, lifecycle });
    // Time for a first read of the database, which the poll used to follow.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(vi.getTimerCount()).toBe(0);
    await services.start();
    expect(vi.getTimerCount()).toBe(1);
    await lifecycle.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
