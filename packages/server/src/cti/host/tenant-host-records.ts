import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/executor.js';
import type { CallRecord } from '../engine/calls/call-model.js';
import { insertCallRecords } from './call-record.data.js';

/** The call records a tenant host leaves, written to the database. */
export function createRecordWriter(db: Executor) {
  let log: Pick<FastifyBaseLogger, 'error'> = console;
  let closed = false;
  /** Writes are queued one after another, so records land in the order calls ended. */
  let writes = Promise.resolve();
  return {
    write(records: CallRecord[]) {
      if (records.length === 0 || closed) return;
      writes = writes
        .then(() => insertCallRecords(db, records))
        .catch((error: unknown) => {
          log.error({ err: error }, 'could not store call records');
        });
    },
    isClosed: () => closed,
    useLogger(logger: Pick<FastifyBaseLogger, 'error'>) {
      log = logger;
    },
    /** Waits for the records being written (those queued while it waits too), then writes no more. */
    async close() {
      let waited: Promise<void>;
      do {
        waited = writes;
        await waited;
      } while (waited !== writes);
      closed = true;
    },
    flush: () => writes,
  };
}
