import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import type { Lifecycle } from '../lifecycle.js';
import type { SecretBox } from '../secret-box.js';
import { createEventLog } from './event-log.js';
import { createWebhookAdminService } from './webhook-admin.service.js';
import { createWebhookDispatcher, type DispatcherOptions } from './webhook-dispatcher.js';

export type { TenantEvent } from './event-log.js';

/**
 * Webhooks (docs/WEBHOOKS.md) as the server runs them: the event log the call centre hands its
 * events to, the dispatcher that posts them, and the CMS's service. Started at once; stopped
 * with the server (events still gathering are stored, posts in flight recorded).
 */
export function createWebhooks({
  db,
  clock,
  secrets,
  allowPrivate,
  lifecycle,
  log = console,
  dispatcher: tuning = {},
  onEventsStored = () => undefined,
}: {
  db: Executor;
  clock: Clock;
  secrets: SecretBox | null;
  /** WEBHOOK_PRIVATE_TARGETS: posts to this machine and private networks allowed. */
  allowPrivate: boolean;
  lifecycle: Lifecycle;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Timings for tests (shorter retries, polls). */
  dispatcher?: Partial<Pick<DispatcherOptions, 'pollMs' | 'retrySeconds' | 'timeoutMs' | 'leaseMs' | 'random'>>;
  /** Events of these tenants were just stored (the event streams read them at once). */
  onEventsStored?: (tenantIds: ReadonlySet<string>) => void;
}) {
  const dispatcher = createWebhookDispatcher({
    db,
    secrets,
    allowPrivate,
    active: () => events.hasAny(),
    ...tuning,
  });
  const events = createEventLog({
    db,
    onStored: (tenantIds) => {
      dispatcher.wake();
      onEventsStored(tenantIds);
    },
  });
  events.useLogger(log);
  dispatcher.useLogger(log);
  const admin = createWebhookAdminService({
    db,
    clock,
    secrets,
    allowPrivate,
    onChanged: () => events.changed(),
    onDue: () => {
      dispatcher.wake();
    },
  });
  let started: Promise<void> | null = null;
  lifecycle.onClose('webhooks', async () => {
    await started;
    await events.close();
    await dispatcher.close();
  });
  return {
    events,
    admin,
    dispatcher,
    /**
     * Starts reading which tenants have webhooks, and delivering. Not on creation: services built
     * only to seed or to read content (tests, the start's database preparation) would otherwise
     * poll a database that closes under them.
     */
    start(): Promise<void> {
      started ??= events.start().then(() => {
        dispatcher.start();
      });
      return started;
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
