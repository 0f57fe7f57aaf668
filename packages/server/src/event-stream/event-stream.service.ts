import type { FastifyBaseLogger } from 'fastify';
import type { CallEvent } from '@open/protocol/api';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import { ApiError } from '../errors.js';
import { translate } from '../i18n/translate.js';
import type { Lifecycle } from '../lifecycle.js';
import type { EventLog } from '../webhooks/event-log.js';
import { eventObject } from '../webhooks/webhook-dispatcher.js';
import { createApiKeyService, type ApiKeyCaller } from './api-keys.service.js';
import { eventBounds, eventKept, eventsAfter } from './event-stream.data.js';
import { createEventStreams } from './event-stream.js';

/** Where a reader starts: after its `after`, checked to be kept, or after the newest event ('0' when none). */
async function startingPoint(db: Executor, tenantId: string, after: string | undefined): Promise<string> {
  if (after === undefined) return (await eventBounds(db, tenantId))?.newest ?? '0';
  if (after !== '0' && !(await eventKept(db, tenantId, after))) {
    const oldest = (await eventBounds(db, tenantId))?.oldest ?? null;
    throw new ApiError('eventCursorUnknown', {}, { after, oldest });
  }
  return after;
}

/**
 * The server-to-server event stream (docs/EVENT-STREAM.md): a tenant's API keys, the node's open
 * streams, and the page-by-page reading of the same events. The event log stores a tenant's
 * events once it has a key (`storeEventsWith`).
 */
export function createEventStreamService({
  db,
  clock,
  lifecycle,
  log,
  streamTimings = {},
}: {
  db: Executor;
  clock: Clock;
  lifecycle: Lifecycle;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Shorter looks and checks for tests. */
  streamTimings?: { pollMs?: number; keyCheckMs?: number; heartbeatMs?: number };
}) {
  // The stream's own words go in English: a back end reads them, in no reader's language.
  const streams = createEventStreams({ db, ...streamTimings, words: (reason) => translate('en', `error.${reason}`) });
  streams.useLogger(log);
  let eventLog: Pick<EventLog, 'changed'> | null = null;
  const apiKeys = createApiKeyService({
    db,
    clock,
    log,
    onRevoked: (keyId) => {
      streams.revoked(keyId);
    },
  });
  lifecycle.onClose('event streams', () => {
    streams.close();
  });

  /** Which tenants' events are stored changes with their keys (at once here, within 5 s on other nodes). */
  const keysChanged = () => eventLog?.changed() ?? Promise.resolve();

  return {
    streams,
    apiKeys: {
      list: (tenantId: string) => apiKeys.list(tenantId),
      async create(tenantId: string, name: string) {
        const created = await apiKeys.create(tenantId, name);
        await keysChanged();
        return created;
      },
      async remove(id: string) {
        const removed = await apiKeys.remove(id);
        await keysChanged();
        return removed;
      },
    },
    authenticate: (header: string | undefined) => apiKeys.authenticate(header),
    storeEventsWith(log: Pick<EventLog, 'changed'>): void {
      eventLog = log;
    },
    /** Where a stream of the caller's starts (`eventCursorUnknown` for an `after` no longer kept). */
    startingPoint: (caller: ApiKeyCaller, after: string | undefined) => startingPoint(db, caller.tenantId, after),

    /** `events/get_event_list`: the caller's events after `after`, oldest first. */
    async page(
      caller: ApiKeyCaller,
      { after, types, limit }: { after?: string | undefined; types?: readonly string[] | undefined; limit: number },
    ): Promise<{ list: CallEvent[]; last_id: string; has_more: boolean }> {
      const from = await startingPoint(db, caller.tenantId, after);
      if (after === undefined) return { list: [], last_id: from, has_more: false };
      const rows = await eventsAfter(db, { tenantId: caller.tenantId, after: from, types, limit: limit + 1 });
      const list = rows.slice(0, limit).map((row) => {
        const event = eventObject({
          event_id: row.id,
          type: row.type,
          occurred_at: row.occurred_at,
          tenant_id: row.tenant_id,
          payload: row.payload,
        });
        // The event log stores the agent as the engine described it: { agent_id, name, extension } or null.
        return { ...event, agent: event.agent as CallEvent['agent'] };
      });
      return { list, last_id: list.at(-1)?.id ?? from, has_more: rows.length > limit };
    },
  };
}

export type EventStreamService = ReturnType<typeof createEventStreamService>;
