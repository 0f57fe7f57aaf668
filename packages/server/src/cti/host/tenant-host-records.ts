import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/executor.js';
import type { CallRecord } from '../engine/calls/call-model.js';
import { insertCallRecords } from './call-record.data.js';

/**
 * How long a record waits for others before it is written. On PGlite a one-row insert costs
 * about 1 ms of the one thread every method runs on, a row among a hundred 0.13 ms
 * (bench/README.md, "Profiles, not guesses"); a record is read back only by its agent's
 * `getCallRecords`, which writes what is waiting first.
 */
const GATHER_MS = 100;
/**
 * Rows in one statement at most. Each statement holds PGlite's thread for its whole run (about
 * 13 ms for a hundred rows): the loop gets a turn between two of them, so a wave of calls ending
 * together does not stop the phones' requests for the time of all its records.
 */
const ROWS_PER_INSERT = 100;

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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The call records a tenant host leaves, written to the database off the calls' path. A record
 * waits up to `gatherMs` for others, and those that gather go together, in statements of at
 * most `rowsPerInsert` rows: under load one insert carries many calls, not one each
 * (bench/README.md, "Profiles, not guesses": on PGlite every statement holds the thread every
 * method is answered on).
 */
export function createRecordWriter(db: Executor, { gatherMs = GATHER_MS, rowsPerInsert = ROWS_PER_INSERT } = {}) {
  let log: Pick<FastifyBaseLogger, 'error'> = console;
  let closed = false;
  /** Writes are queued one after another, so records land in the order calls ended. */
  let writes = Promise.resolve();
  /** Records not written yet, and the timer that will write them. */
  let pending: CallRecord[] = [];
  let gathering: NodeJS.Timeout | null = null;

  const writePending = () => {
    if (gathering) clearTimeout(gathering);
    gathering = null;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    writes = writes
      .then(async () => {
        for (let at = 0; at < batch.length; at += rowsPerInsert) {
          if (at > 0) await nextTurn();
          await insertBatch(db, batch.slice(at, at + rowsPerInsert), log);
        }
      })
      .catch((error: unknown) => {
        log.error({ err: error, records: batch.length }, 'could not store call records');
      });
  };
  /** Writes what is waiting now, and resolves once every record given so far is stored (or logged as lost). */
  const flush = async () => {
    let waited: Promise<void>;
    do {
      writePending();
      waited = writes;
      await waited;
    } while (waited !== writes || pending.length > 0);
  };

  return {
    write(records: CallRecord[]) {
      if (records.length === 0 || closed) return;
      pending.push(...records);
      gathering ??= setTimeout(writePending, gatherMs);
    },
    isClosed: () => closed,
    useLogger(logger: Pick<FastifyBaseLogger, 'error'>) {
      log = logger;
    },
    /** Writes what is waiting and waits for it (records given meanwhile too), then takes no more. */
    async close() {
      await flush();
      closed = true;
    },
    flush,
  };
}

export type RecordWriter = ReturnType<typeof createRecordWriter>;
