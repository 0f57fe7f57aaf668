import type { FastifyBaseLogger } from 'fastify';
import { webhookLimits, webhookRetrySeconds } from '@open/protocol/webhooks';
import type { Executor } from '../db/executor.js';
import type { SecretBox } from '../secret-box.js';
import { createBatchWriter } from '../db/batch-writer.js';
import { claimDue, releaseClaims, settleAttempts, type AttemptRow, type ClaimedDelivery } from './webhook.data.js';
import { postEvent, type AttemptResult, type SendOptions } from './webhook-sender.js';
import { openWebhookSecret } from './webhook-secret.js';
import { signedHeaders } from './webhook-signature.js';

export interface DispatcherOptions {
  db: Executor;
  secrets: SecretBox | null;
  /** WEBHOOK_PRIVATE_TARGETS. */
  allowPrivate: boolean;
  /** Whether any tenant has a webhook on: while none has, the dispatcher polls only when woken. */
  active: () => boolean;
  pollMs?: number;
  /** Posts in flight on this node at most; up to four times as many are claimed ahead. */
  concurrency?: number;
  /** How long a claim holds a delivery from other nodes: longer than an attempt may take. */
  leaseMs?: number;
  timeoutMs?: number;
  /** Seconds before each retry (tests shorten it). */
  retrySeconds?: readonly number[];
  random?: () => number;
  send?: (url: string, body: string, headers: Record<string, string>, options: SendOptions) => Promise<AttemptResult>;
}

/**
 * An event as a receiver gets it: its id, type and time, its tenant and agent, and the phone's
 * payload. The same for a webhook's post and the event stream (event-stream/), so one handler serves both.
 */
export function eventObject(
  delivery: Pick<ClaimedDelivery, 'event_id' | 'type' | 'occurred_at' | 'tenant_id' | 'payload'>,
) {
  const { agent = null, data = {} } = (delivery.payload ?? {}) as { agent?: unknown; data?: unknown };
  return {
    id: delivery.event_id,
    type: delivery.type,
    timestamp: new Date(delivery.occurred_at).toISOString(),
    tenant_id: delivery.tenant_id,
    agent,
    data,
  };
}

/** The body a receiver gets: `eventObject` as JSON. */
export const eventBody = (delivery: Parameters<typeof eventObject>[0]) => JSON.stringify(eventObject(delivery));

/** What an attempt's result makes of its delivery: delivered, failed for good, or due again later. */
export function outcomeOf(
  result: AttemptResult,
  attempts: number,
  { retrySeconds, random, now }: { retrySeconds: readonly number[]; random: () => number; now: number },
): AttemptRow {
  const base = {
    at: new Date(now),
    response_status: result.status,
    response_excerpt: result.excerpt,
    error: result.error,
    error_detail: result.detail,
    duration_ms: result.durationMs,
  };
  if (result.ok) return { ...base, status: 'delivered', next_attempt_at: null };
  const delay = retrySeconds[attempts - 1];
  if (delay === undefined) return { ...base, status: 'failed', next_attempt_at: null };
  // ±20 %, so receivers that failed together are not all retried in the same second.
  const jittered = delay * 1000 * (0.8 + 0.4 * random());
  return { ...base, status: 'pending', next_attempt_at: new Date(now + jittered) };
}

/** The options left out, as the product runs. */
function settingsOf(options: DispatcherOptions) {
  const timeoutMs = options.timeoutMs ?? webhookLimits.timeoutMs;
  return {
    pollMs: options.pollMs ?? 1_000,
    concurrency: options.concurrency ?? 16,
    timeoutMs,
    leaseMs: options.leaseMs ?? timeoutMs * 6,
    retrySeconds: options.retrySeconds ?? webhookRetrySeconds,
    random: options.random ?? Math.random,
    send: options.send ?? postEvent,
  };
}

/** One signed post of a claimed delivery; a secret no key opens sends nothing and says why. */
async function attemptDelivery(
  delivery: ClaimedDelivery,
  {
    secrets,
    allowPrivate,
    timeoutMs,
    send,
    log,
  }: Pick<DispatcherOptions, 'secrets' | 'allowPrivate'> & {
    timeoutMs: number;
    send: NonNullable<DispatcherOptions['send']>;
    log: Pick<FastifyBaseLogger, 'error'>;
  },
): Promise<AttemptResult> {
  const body = eventBody(delivery);
  const secret = openWebhookSecret(secrets, delivery.webhook_id, delivery.secret);
  if (!secret) {
    log.error({ webhook: delivery.webhook_id }, 'a webhook secret opens with none of the keys of SECRETS_KEY');
    return { ok: false, status: null, excerpt: null, error: 'secretUnreadable', detail: 'SECRETS_KEY', durationMs: 0 };
  }
  return send(delivery.url, body, signedHeaders(secret, delivery.event_id, body, new Date()), {
    allowPrivate,
    timeoutMs,
  });
}

/** The attempts' outcomes, written in batches. A lost write leaves the delivery to be claimed again after its lease: at least once. */
const outcomeWriter = (db: DispatcherOptions['db']) =>
  createBatchWriter<AttemptRow & { id: string }>({
    insert: (rows) => settleAttempts(db, rows),
    gatherMs: 200,
    rowsPerInsert: 200,
    what: 'webhook attempt',
    describe: (row) => ({ delivery: row.id }),
  });

/**
 * Posts the deliveries the event log leaves (docs/WEBHOOKS.md, "Delivery"). Every node runs one;
 * each claims due rows for a lease (webhook.data.ts `claimDue`), so a delivery goes out from one
 * node at a time, and one whose node died goes out again after the lease: at least once, never
 * lost, never blocking the engine. Claims come in batches and outcomes are written in batches
 * (on PGlite a statement a delivery would hold the phones' thread); posts run on their own, at
 * most `concurrency` at once.
 */
export function createWebhookDispatcher(options: DispatcherOptions) {
  const { db, secrets, allowPrivate, active } = options;
  const { pollMs, concurrency, timeoutMs, leaseMs, retrySeconds, random, send } = settingsOf(options);
  let log: Pick<FastifyBaseLogger, 'error' | 'warn'> = console;
  const logFailure = (what: string) => (error: unknown) => {
    log.warn({ err: error }, what);
  };
  /** Claimed, not posted yet. */
  let queue: ClaimedDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  let stopped = true;
  /** The claim under way, so close() lets go of what it takes rather than leave it claimed for a lease. */
  let claiming: Promise<void> | null = null;
  let again = false;
  /** The last claim was full: more deliveries may be due than it took. */
  let more = false;
  let timer: NodeJS.Timeout | null = null;
  const outcomes = outcomeWriter(db);

  /** Starts posts from the queue up to `concurrency`; asks for more when it runs low. */
  function pump() {
    while (!stopped && inFlight.size < concurrency && queue.length > 0) {
      const delivery = queue.shift() as ClaimedDelivery;
      const running: Promise<void> = attemptDelivery(delivery, { secrets, allowPrivate, timeoutMs, send, log })
        .then((result) => {
          const outcome = outcomeOf(result, delivery.attempts, { retrySeconds, random, now: Date.now() });
          outcomes.write([{ ...outcome, id: delivery.id }]);
        })
        .catch((error: unknown) => {
          log.error({ err: error, delivery: delivery.id }, 'a webhook attempt failed unexpectedly');
        })
        .finally(() => {
          inFlight.delete(running);
          pump();
        });
      inFlight.add(running);
    }
    // The last claim took all it could: more may be due. Otherwise new events wake it.
    if (!stopped && more && queue.length < concurrency) wake();
  }

  function tick(): Promise<void> {
    if (claiming) {
      again = true;
      return claiming;
    }
    claiming = claim().finally(() => {
      claiming = null;
      schedule();
    });
    return claiming;
  }

  async function claim(): Promise<void> {
    try {
      do {
        again = false;
        const room = concurrency * 4 - queue.length - inFlight.size;
        if (stopped || room < concurrency) break;
        const claimed = await claimDue(db, room, leaseMs);
        more = claimed.length === room;
        queue.push(...claimed);
        pump();
        again ||= more && queue.length < concurrency;
      } while (again);
    } catch (error) {
      log.warn({ err: error }, 'could not read the webhook deliveries due; trying again');
    }
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped) return;
    timer = setTimeout(() => {
      if (active() || inFlight.size > 0) void tick();
      else schedule();
    }, pollMs);
    timer.unref();
  }

  /** Something is due now (events stored, a test, a redelivery). */
  function wake() {
    if (stopped) return;
    setImmediate(() => void tick());
  }

  return {
    /** Starts posting, beginning with what was due before this start (a restart loses nothing). */
    start() {
      stopped = false;
      wake();
    },
    wake,
    useLogger(logger: Pick<FastifyBaseLogger, 'error' | 'warn'>) {
      log = logger;
      outcomes.useLogger(logger);
    },
    /**
     * Claims nothing more; lets go of what it claimed and did not post (due again at once, for any
     * node), waits for the posts in flight (each bounded by the timeout) and writes their outcomes.
     */
    async close(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await claiming;
      const unsent = queue.map((delivery) => delivery.id);
      queue = [];
      // If this fails they are due again after their lease.
      await releaseClaims(db, unsent).catch(logFailure('could not let go of claimed webhook deliveries'));
      await Promise.all(inFlight);
      await outcomes.close();
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
