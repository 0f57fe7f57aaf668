/**
 * Retention: the audit trail and the content backups (the states a save replaced) are kept for
 * a configured time (AUDIT_RETENTION_DAYS, BACKUP_RETENTION_DAYS, BACKUP_KEEP_PER_ITEM), the
 * webhooks' event log and deliveries for webhookLimits.logDays (docs/WEBHOOKS.md), and a
 * prune on start and then every hour deletes what is older. Every node of a cluster runs it:
 * the deletes are plain `delete … where` statements over what is already past its time, so two
 * nodes pruning at once each delete a row at most once and agree on the result.
 *
 * On the embedded database each prune ends with a VACUUM (`vacuum`): PGlite has no autovacuum,
 * so the row versions every save, import and prune leaves behind would stay for good, and a
 * search visits those its indexes still point to. On the search benchmark's 10,000 documents,
 * freshly loaded, it took 0.6 s and the searches' p95 went from 34.4 to 32.2 ms (bench/README.md).
 */
import { sql } from 'kysely';
import { webhookLimits } from '@open/protocol/webhooks';
import { deleteAuditEntriesBefore } from './audit/audit.data.js';
import type { Clock } from './clock.js';
import { pruneBackups, type BackedUp } from './content/backups/backup.data.js';
import type { Executor } from './db/executor.js';
import type { Lifecycle } from './lifecycle.js';
import { pruneEvents } from './webhooks/webhook.data.js';

export interface RetentionSettings {
  /** Audit entries older than this many days are deleted; 0 keeps them for ever. */
  auditDays: number;
  /** Backups of a state saved more than this many days ago are deleted; 0 keeps them for ever. */
  backupDays: number;
  /** However old, each category and resource keeps its newest this many backups (at least 1). */
  backupKeepPerItem: number;
}

export interface RetentionLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** How many rows one prune deleted. */
export interface PruneCounts {
  audit: number;
  /** Webhook events (their deliveries go with them). */
  webhookEvents: number;
  categoryBackups: number;
  resourceBackups: number;
}

export interface RetentionDeps {
  db: Executor;
  clock: Clock;
  lifecycle: Lifecycle;
  settings: RetentionSettings;
  log?: RetentionLog;
  /** Between two prunes (an hour by default). */
  intervalMs?: number;
  /** Rows a statement deletes at most; a prune repeats it until fewer go. */
  batch?: number;
  /** VACUUM after each prune: for the embedded database, which has no autovacuum. */
  vacuum?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_INTERVAL_MS = 60 * 60 * 1000;
const DEFAULT_BATCH = 5_000;

const silentLog: RetentionLog = { info: () => undefined, warn: () => undefined };

/** Repeats a batched delete until a batch comes back short; answers the total. */
async function drain(deleteBatch: () => Promise<number>, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < batch) return total;
  }
}

export function createRetention(deps: RetentionDeps) {
  const { db, clock, settings } = deps;
  const log = deps.log ?? silentLog;
  const intervalMs = deps.intervalMs ?? DEFAULT_INTERVAL_MS;
  const batch = deps.batch ?? DEFAULT_BATCH;
  const keep = Math.max(1, settings.backupKeepPerItem);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  /** Deletes what is past its retention, as of the clock's now. */
  async function prune(): Promise<PruneCounts> {
    const now = clock.now().getTime();
    const counts: PruneCounts = { audit: 0, webhookEvents: 0, categoryBackups: 0, resourceBackups: 0 };
    if (settings.auditDays > 0) {
      const before = new Date(now - settings.auditDays * DAY_MS);
      counts.audit = await drain(() => deleteAuditEntriesBefore(db, before, batch), batch);
    }
    const eventsBefore = new Date(now - webhookLimits.logDays * DAY_MS);
    counts.webhookEvents = await drain(() => pruneEvents(db, eventsBefore, batch), batch);
    if (settings.backupDays > 0) {
      const before = new Date(now - settings.backupDays * DAY_MS);
      const backups = (kind: BackedUp) => drain(() => pruneBackups(db, kind, { before, keep, batch }), batch);
      counts.categoryBackups = await backups('category');
      counts.resourceBackups = await backups('resource');
    }
    if (deps.vacuum) {
      const started = Date.now();
      await sql`vacuum`.execute(db);
      log.info({ ms: Date.now() - started }, 'retention: vacuumed the embedded database');
    }
    return counts;
  }

  /** One prune in the background; a failure is logged and the next tick tries again. */
  function tick(): void {
    if (running || closed) return;
    running = prune().then(
      (counts) => {
        if (counts.audit + counts.webhookEvents + counts.categoryBackups + counts.resourceBackups > 0) {
          log.info({ ...counts }, 'retention: deleted what was past its time');
        }
      },
      (error: unknown) => {
        log.warn({ err: error }, 'retention: prune failed, trying again at the next interval');
      },
    );
    void running.finally(() => {
      running = undefined;
    });
  }

  return {
    prune,

    /** Prunes now and then every interval, until the lifecycle closes (which waits for a prune under way). */
    start(): void {
      if (timer || closed) return;
      tick();
      timer = setInterval(tick, intervalMs);
      // The prune never keeps the process alive on its own.
      timer.unref();
      deps.lifecycle.onClose('retention', async () => {
        closed = true;
        clearInterval(timer);
        await running;
      });
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;
