import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/executor.js';
import type { CallRecord } from '../engine/calls/call-model.js';
import { insertCallRecords } from './call-record.data.js';

/** Rows in one statement at most: well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 500;

/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint): a row's fault, not the database's. */
const isRowFault = (error: unknown) =>
  typeof error === 'object' && error !== null && /^2[23]/.test(String((error as { code?: unknown }).code));

/**
 * One statement for the batch. When a row is at fault, the records go one by one, so a bad one
 * loses only itself; any other failure (the database away) fails the batch with one log line,
 * not one a record.
 */
async function insertBatch(db: Executor, batch: CallRecord[], log: Pick<FastifyBaseLogger, 'error'>) {
  try {
    await insertCallRecords(db, batch);
    return;
  } catch (error) {
    if (batch.length === 1 || !isRowFault(error)) throw error;
  }
  for (const record of batch) {
    await insertCallRecords(db, [record]).catch((error: unknown) => {
      log.error({ err: error, call: record.call_id }, 'could not store a call record');
    });
  }
}

/**
 * The call records a tenant host leaves, written to the database. Records that end while a
 * write is under way go together in the next statement: under load one insert carries many
 * calls, not one each (bench/README.md, "Profiles, not guesses": on PGlite every statement
 * holds the one connection that every method's own statement waits for).
 */
export function createRecordWriter(db: Executor) {
  let log: Pick<FastifyBaseLogger, 'error'> = console;
  let closed = false;
  /** Writes are queued one after another, so records land in the order calls ended. */
  let writes = Promise.resolve();
  /** Records not written yet, and whether a write is queued that will take them. */
  let pending: CallRecord[] = [];
  let queued = false;
  return {
    write(records: CallRecord[]) {
      if (records.length === 0 || closed) return;
      pending.push(...records);
      if (queued) return;
      queued = true;
      writes = writes
        .then(async () => {
          queued = false;
          const batch = pending;
          pending = [];
          for (let at = 0; at < batch.length; at += ROWS_PER_INSERT)
            await insertBatch(db, batch.slice(at, at + ROWS_PER_INSERT), log);
        })
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
