import type { FastifyBaseLogger } from 'fastify';
import { webhookEventTypes } from '@open/protocol/webhooks';
import { createBatchWriter } from '../db/batch-writer.js';
import type { Executor } from '../db/executor.js';
import { insertEvents, tenantsWithApiKeys, tenantsWithWebhooks, type EventRow } from './webhook.data.js';

/** An engine event as the tenant's owner hands it over. */
export interface TenantEvent {
  tenantId: string;
  type: string;
  agentId: string | null;
  /** Who the event is about, as the CRM knows them. */
  agent: { agent_id: string; name: string | null; extension: string | null } | null;
  data: unknown;
  at: Date;
}

const storedTypes: ReadonlySet<string> = new Set(webhookEventTypes);

/**
 * The tenants' events on their way to the webhooks (docs/WEBHOOKS.md) and the event streams
 * (docs/EVENT-STREAM.md). Only a tenant with a webhook switched on or an API key has its events
 * stored, so a call centre without either pays one set look-up an event. Events wait `gatherMs` for others and go in one statement with their
 * deliveries (webhook.data.ts `insertEvents`), off the engine's path; `onStored` then wakes the
 * dispatcher and the streams. Which tenants have webhooks and keys is read again every `reloadMs`
 * (a webhook or key saved on another node counts here from then) and at once on a save on this node.
 */
export function createEventLog({
  db,
  // A webhook's receiver can wait a fifth of a second; on PGlite the phones' thread cannot wait
  // for a statement an event (bench/README.md, webhooks).
  gatherMs = 200,
  reloadMs = 5_000,
  onStored = () => undefined,
}: {
  db: Executor;
  gatherMs?: number;
  reloadMs?: number;
  /** The tenants whose events were just stored. */
  onStored?: (tenantIds: ReadonlySet<string>) => void;
}) {
  /** Tenants with a webhook switched on: the dispatcher polls only while there are some. */
  let hooked: ReadonlySet<string> = new Set();
  /** Tenants whose events are stored: with a webhook switched on, or an API key. */
  let tenants: ReadonlySet<string> = new Set();
  let log: Pick<FastifyBaseLogger, 'error' | 'warn'> = console;
  let reloading: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const writer = createBatchWriter<EventRow>({
    insert: async (rows) => {
      await insertEvents(db, rows);
    },
    gatherMs,
    rowsPerInsert: 200,
    what: 'webhook event',
    describe: (row) => ({ tenant: row.tenant_id, type: row.type }),
    onWritten: (rows) => {
      onStored(new Set(rows.map((row) => row.tenant_id)));
    },
  });

  /** Reads which tenants have a webhook on or a key; a failed read keeps the last answer (the database may be back next time). */
  function reload(): Promise<void> {
    reloading ??= Promise.all([tenantsWithWebhooks(db), tenantsWithApiKeys(db)])
      .then(([withWebhooks, withKeys]) => {
        hooked = new Set(withWebhooks);
        tenants = new Set([...withWebhooks, ...withKeys]);
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'could not read which tenants have webhooks or API keys; keeping the last list');
      })
      .finally(() => {
        reloading = null;
      });
    return reloading;
  }

  return {
    /** Reads the tenants with webhooks, then again every `reloadMs`. */
    async start(): Promise<void> {
      await reload();
      timer = setInterval(() => void reload(), reloadMs);
      timer.unref();
    },
    /** A webhook or API key was saved or removed on this node: read again now. */
    changed: (): Promise<void> => reload(),
    wants: (tenantId: string): boolean => tenants.has(tenantId),
    /** Whether any tenant has a webhook on (the dispatcher polls only then). */
    hasAny: (): boolean => hooked.size > 0,
    add(event: TenantEvent): void {
      if (!storedTypes.has(event.type) || !tenants.has(event.tenantId)) return;
      writer.write([
        {
          tenant_id: event.tenantId,
          type: event.type,
          agent_id: event.agentId,
          // Serialised now: the engine's objects may change after this turn.
          payload: JSON.stringify({ agent: event.agent, data: event.data }),
          occurred_at: event.at,
        },
      ]);
    },
    useLogger(logger: Pick<FastifyBaseLogger, 'error' | 'warn'>) {
      log = logger;
      writer.useLogger(logger);
    },
    flush: () => writer.flush(),
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      await writer.close();
    },
  };
}

export type EventLog = ReturnType<typeof createEventLog>;
