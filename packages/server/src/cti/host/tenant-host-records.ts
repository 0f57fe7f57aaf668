import type { FastifyBaseLogger } from 'fastify';
import type { WrapUp } from '@open/protocol/cti/protocol';
import { createBatchWriter } from '../../db/batch-writer.js';
import type { Executor } from '../../db/executor.js';
import type { CallRecord } from '../engine/calls/call-model.js';
import type { RecordKey } from '../engine/engine-wrap-up.js';
import { insertCallRecords, setCallRecordWrapUp } from './call-record.data.js';

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

/**
 * The call records a tenant host leaves, written to the database off the calls' path, gathered
 * into batches (db/batch-writer.ts). `onWritten` hears each batch stored (the webhooks'
 * `callRecord` events go out only for records that are in the database).
 *
 * A wrap-up chosen after the call ended (`wrapUp`) updates its record once every record given
 * before it is stored, so it never looks for a row still waiting in a batch. `flush` and `close`
 * wait for those updates too: `getCallRecords` reads what the agent just chose.
 */
export function createRecordWriter(
  db: Executor,
  {
    gatherMs = GATHER_MS,
    rowsPerInsert = ROWS_PER_INSERT,
    onWritten,
  }: { gatherMs?: number; rowsPerInsert?: number; onWritten?: (records: CallRecord[]) => void } = {},
) {
  const writer = createBatchWriter<CallRecord>({
    insert: (rows) => insertCallRecords(db, rows),
    gatherMs,
    rowsPerInsert,
    what: 'call record',
    describe: (record) => ({ call: record.call_id }),
    ...(onWritten ? { onWritten } : {}),
  });
  let log: Pick<FastifyBaseLogger, 'error'> = console;
  let updates = Promise.resolve();
  const settled = async () => {
    let waited: Promise<void>;
    do {
      waited = updates;
      await waited;
    } while (waited !== updates);
  };
  return {
    ...writer,
    useLogger(logger: Pick<FastifyBaseLogger, 'error'>) {
      log = logger;
      writer.useLogger(logger);
    },
    wrapUp(record: RecordKey, wrapUp: WrapUp) {
      if (writer.isClosed()) return;
      updates = updates
        .then(async () => {
          await writer.flush();
          await setCallRecordWrapUp(db, record, wrapUp);
        })
        .catch((error: unknown) => {
          log.error({ err: error, call: record.callId }, 'could not store a wrap-up');
        });
    },
    flush: async (): Promise<void> => {
      await writer.flush();
      await settled();
    },
    close: async (): Promise<void> => {
      await settled();
      await writer.close();
      await settled();
    },
  };
}

export type RecordWriter = ReturnType<typeof createRecordWriter>;
