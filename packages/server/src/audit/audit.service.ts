import type { AuditEntry } from '@open/protocol/api';
import type { ErrorName } from '@open/protocol/errors';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import { redact, targetOf, type CallTarget } from './audit-call.js';
import {
  countAuditEntries,
  insertAuditEntry,
  listAuditEntries,
  type AuditFilter,
  type AuditPage,
} from './audit.data.js';

/** Who did something: kept by name too, so the entry survives a rename. */
export interface AuditActor {
  id: string;
  account: string;
}

export interface AuditEvent {
  actor: AuditActor | null;
  action: string;
  target: CallTarget;
  /** The client's address as Fastify sees it (X-Forwarded-For only behind a trusted proxy). */
  ip: string | null;
  detail?: Record<string, unknown>;
}

/** What a handler may add to the entry `defineApi` writes for its call. */
export interface AuditNote {
  /** Who acted, for a call without a guard (sign-in, sign-out). */
  actor?: AuditActor;
  target?: Partial<CallTarget>;
  detail?: Record<string, unknown>;
  /** Nothing happened worth an entry (a sign-out without a session): anyone could fill the trail with those. */
  skip?: boolean;
}

export interface CallRecord {
  path: string;
  actor: AuditActor | null;
  body: unknown;
  /** The answer's data; absent when the call failed. */
  data?: unknown;
  /** The failure, for the failures worth recording (see AUDITED_FAILURES). */
  error?: ErrorName;
  ip: string;
  note: AuditNote;
}

/**
 * Failures that say something about who tries what: a wrong password (at sign-in or when
 * changing one's own), a disabled account, a role that does not allow the call. Others (bad
 * input, conflicts) change nothing and would only bury these.
 */
export const AUDITED_FAILURES: ReadonlySet<ErrorName> = new Set<ErrorName>([
  'wrongCredentials',
  'accountDisabled',
  // The softphone's login service (basic/*).
  'basicLoginFailed',
  'agentDisabled',
  'ssoSignatureUsed',
  'loginTokenUsed',
  'forbidden',
]);

/**
 * The audit trail: who did what to which thing, from where, and when. Entries are written by
 * `defineApi` for every call with an effect (and for refused sign-ins and refused roles); this
 * service adds nothing to them but an id and the time.
 */
export function createAuditService({ db, clock }: { db: Executor; clock: Clock }) {
  async function record(event: AuditEvent): Promise<void> {
    await insertAuditEntry(db, {
      at: clock.now(),
      actor_id: event.actor?.id ?? null,
      actor: event.actor?.account ?? null,
      action: event.action,
      target_type: event.target.type,
      target_id: event.target.id,
      target_name: event.target.name,
      ip: event.ip,
      detail: event.detail ?? {},
    });
  }

  return {
    record,

    /** One call: what it did (or the failure that stopped it), with a body stripped of secrets. */
    async recordCall(call: CallRecord): Promise<void> {
      if (call.note.skip) return;
      const target = { ...targetOf(call.path, call.body, call.data), ...call.note.target };
      const detail: Record<string, unknown> = { body: redact(call.body), ...call.note.detail };
      if (call.error) detail.refused = call.error;
      await record({ actor: call.note.actor ?? call.actor, action: call.path, target, ip: call.ip, detail });
    },

    /** Newest first; `page` absent means every entry. */
    async list(filter: AuditFilter, page?: AuditPage): Promise<{ list: AuditEntry[]; total: number }> {
      const [list, total] = await Promise.all([listAuditEntries(db, filter, page), countAuditEntries(db, filter)]);
      return {
        list: list.map((row) => ({
          _id: row.id,
          at: row.at.toISOString(),
          actor: row.actor,
          action: row.action,
          target_type: row.target_type,
          target_id: row.target_id,
          target_name: row.target_name,
          ip: row.ip,
          detail: row.detail,
        })),
        total,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
