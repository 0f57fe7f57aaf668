import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { errorMessageKey, type ErrorName } from '@open/protocol/errors';
import { closeCodes, ctiTimings } from '@open/protocol/cti/protocol';
import type { Lang } from '@open/protocol/locales';
import type { Executor } from '../db/executor.js';
import { translate } from '../http/i18n.js';
import type { CallRecord } from './engine/calls.js';
import { createEngine } from './engine/engine.js';
import { systemScheduler, type Scheduler } from './engine/scheduler.js';
import { createSessionRegistry } from './gateway/session-registry.js';

export interface CtiOptions {
  heartbeatMs?: number;
  graceMs?: number;
  authTimeoutMs?: number;
  scheduler?: Scheduler;
}

/**
 * The call centre of this node: the engine, the softphone sessions its events go to, and the
 * call records it leaves. The gateway (the socket) and the `cti/*` calls both use it.
 */
export function createCtiService({ db, options = {} }: { db: Executor; options?: CtiOptions }) {
  const scheduler = options.scheduler ?? systemScheduler;
  let log: Pick<FastifyBaseLogger, 'error'> = console;
  const registry = createSessionRegistry({
    scheduler,
    graceMs: options.graceMs ?? ctiTimings.graceMs,
    onExpired: (session) => {
      engine.detach(session.agentId);
    },
  });

  /** Writes are queued one after another, so records land in the order calls ended. */
  let writes = Promise.resolve();
  function storeRecords(records: CallRecord[]) {
    if (records.length === 0) return;
    writes = writes
      .then(async () => {
        await db
          .insertInto('call_record')
          .values(records.map((record) => ({ ...record, id: randomUUID() })))
          .execute();
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'could not store call records');
      });
  }

  const engine = createEngine({
    scheduler,
    onCallEnded: storeRecords,
    publish: (agentId, name, data) => {
      const session = registry.forAgent(agentId);
      // An event that reports a failure carries its message in the phone's language.
      const error = data.error as ErrorName | undefined;
      const payload =
        error !== undefined && session
          ? { code: data.code, message: translate(session.lang as Lang, errorMessageKey(error)) }
          : data;
      registry.publish(agentId, name, payload);
    },
  });

  return {
    engine,
    registry,
    scheduler,
    options,
    useLogger(logger: Pick<FastifyBaseLogger, 'error'>) {
      log = logger;
    },
    /** An agent disabled or removed in the CMS: their session ends now, and their calls with it. */
    dropAgent(agentId: string) {
      const session = registry.forAgent(agentId);
      if (session) {
        registry.end(session);
        session.link?.close(closeCodes.authFailed, 'agentDisabled');
      }
      engine.detach(agentId);
    },

    /** Waits for the call records being written (tests, shutdown). */
    flush: () => writes,
  };
}

export type CtiService = ReturnType<typeof createCtiService>;
