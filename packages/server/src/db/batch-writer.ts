import type { FastifyBaseLogger } from 'fastify';

/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint): a row's fault, not the database's. */
export const isRowFault = (error: unknown) =>
  typeof error === 'object' && error !== null && /^2[23]/.test(String((error as { code?: unknown }).code));

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface BatchWriterOptions<T> {
  /** Writes one batch (at most `rowsPerInsert` rows) in one statement. */
  insert: (rows: T[]) => Promise<void>;
  /** How long a row waits for others before it is written. */
  gatherMs: number;
  /** Rows in one statement at most. */
  rowsPerInsert: number;
  /** What a lost row is called in the log ('call record'), and what names it there. */
  what: string;
  describe: (row: T) => Record<string, unknown>;
  /** A batch was written (not run for one that failed). */
  onWritten?: (rows: T[]) => void;
}

/**
 * Rows written off the path of whatever produced them (a call's record, a tenant's event): a
 * row waits up to `gatherMs` for others, and those that gather go together, in statements of
 * at most `rowsPerInsert` rows, so under load one insert carries many rows, not one each
 * (bench/README.md, "Profiles, not guesses": on PGlite every statement holds the thread every
 * method is answered on). Batches are written one after another, in the order rows came. When
 * a row is at fault, that batch's rows go one by one, so a bad one loses only itself; any other
 * failure (the database away) loses the batch with one log line, not one a row.
 */
export function createBatchWriter<T>(options: BatchWriterOptions<T>) {
  const { insert, gatherMs, rowsPerInsert, what, describe } = options;
  let log: Pick<FastifyBaseLogger, 'error'> = console;
  let closed = false;
  let writes = Promise.resolve();
  let pending: T[] = [];
  let gathering: NodeJS.Timeout | null = null;

  async function insertBatch(batch: T[]) {
    try {
      await insert(batch);
      options.onWritten?.(batch);
      return;
    } catch (error) {
      if (batch.length === 1 || !isRowFault(error)) throw error;
    }
    for (const row of batch) {
      await insert([row]).then(
        () => options.onWritten?.([row]),
        (error: unknown) => {
          log.error({ err: error, ...describe(row) }, `could not store a ${what}`);
        },
      );
    }
  }

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
          await insertBatch(batch.slice(at, at + rowsPerInsert));
        }
      })
      .catch((error: unknown) => {
        log.error({ err: error, rows: batch.length }, `could not store ${what}s`);
      });
  };
  /** Writes what is waiting now, and resolves once every row given so far is stored (or logged as lost). */
  const flush = async () => {
    let waited: Promise<void>;
    do {
      writePending();
      waited = writes;
      await waited;
    } while (waited !== writes || pending.length > 0);
  };

  return {
    write(rows: T[]) {
      if (rows.length === 0 || closed) return;
      pending.push(...rows);
      gathering ??= setTimeout(writePending, gatherMs);
    },
    isClosed: () => closed,
    useLogger(logger: Pick<FastifyBaseLogger, 'error'>) {
      log = logger;
    },
    /** Writes what is waiting and waits for it (rows given meanwhile too), then takes no more. */
    async close() {
      await flush();
      closed = true;
    },
    flush,
  };
}

export type BatchWriter<T> = ReturnType<typeof createBatchWriter<T>>;
