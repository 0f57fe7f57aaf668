import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/executor.js';
import { createManualScheduler } from '../../../test/manual-scheduler.js';
import { PROFILES, A1, TENANT } from '../../../test/engine-world.js';
import { networkTimings } from '../engine/phone-network.js';
import { loadProfiles } from '../profiles.js';
import { createTenantHost } from './tenant-host.js';

/** A database whose inserts take a while and are counted: only what call records need. */
function slowDatabase() {
  const inserted: unknown[] = [];
  let open = true;
  const db = {
    insertInto: () => ({
      values: (rows: unknown) => ({
        execute: async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          if (!open) throw new Error('driver has already been destroyed');
          // Counted by record: records of calls that end together share a statement.
          inserted.push(...(rows as unknown[]));
        },
      }),
    }),
  };
  return {
    // The host writes call records with insertInto(...).values(...).execute() and nothing else here.
    db: db as unknown as Executor,
    inserted,
    destroy() {
      open = false;
    },
  };
}

describe('closing the tenant host', () => {
  it('waits for call records written while it closes, so none reaches a closed database', async () => {
    const scheduler = createManualScheduler();
    const database = slowDatabase();
    const host = createTenantHost({
      db: database.db,
      scheduler,
      loadProfiles,
      options: { heartbeatMs: 20_000, graceMs: 60_000 },
      delivery: { send: () => undefined, close: () => undefined },
    });
    host.engine.attach(PROFILES[A1], TENANT);
    host.engine.checkIn(A1, 'idle', null);
    host.engine.dialOut(A1, '13800138000');
    scheduler.advance(networkTimings.ringBeforeBusyMs);
    const closing = host.close();
    // A call that ends while the first record is being written: its record is queued behind it.
    host.engine.dialOut(A1, '13800138000');
    scheduler.advance(networkTimings.ringBeforeBusyMs);
    await closing;
    database.destroy();
    expect(database.inserted).toHaveLength(2);
  });
});
