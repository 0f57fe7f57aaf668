import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { CmsApiKey } from '@open/protocol/api';
import { API_KEY_PREFIX, apiKeyLimits } from '@open/protocol/event-stream';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import { ApiError } from '../errors.js';
import { tenantExists } from '../tenants/tenant.data.js';
import {
  countApiKeys,
  deleteApiKey,
  findApiKeyByHash,
  insertApiKey,
  listApiKeys,
  touchApiKey,
  type ApiKeyRow,
} from './api-key.data.js';

/** Who an API key speaks for. */
export interface ApiKeyCaller {
  keyId: string;
  tenantId: string;
}

/** 32 random bytes in base64url: 43 characters. */
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);
/** `last_used_at` is kept to the minute: a key used every second writes once a minute. */
const TOUCH_EVERY_MS = 60_000;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
const hintOf = (key: string) => `${API_KEY_PREFIX}…${key.slice(-4)}`;

function toApiKey(row: ApiKeyRow): CmsApiKey {
  return {
    _id: row.id,
    tenant_id: row.tenant_id,
    name: row.name,
    key_hint: row.key_hint,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

/**
 * A tenant's API keys (docs/EVENT-STREAM.md): made in the CMS and shown once, kept as a hash, and
 * what `events/*` calls authenticate with. `onRevoked` ends the key's open streams on this node
 * (the other nodes find it gone within their next check).
 */
export function createApiKeyService({
  db,
  clock,
  onRevoked = () => undefined,
  log = console,
}: {
  db: Executor;
  clock: Clock;
  onRevoked?: (keyId: string) => void;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}) {
  return {
    async list(tenantId: string): Promise<{ list: CmsApiKey[] }> {
      if (!(await tenantExists(db, tenantId))) throw new ApiError('tenantNotFound');
      return { list: (await listApiKeys(db, tenantId)).map(toApiKey) };
    },

    async create(tenantId: string, name: string): Promise<CmsApiKey & { key: string }> {
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction().execute(async (trx) => {
        // One at a time per tenant, so two admins creating at once cannot pass the cap together.
        const tenant = await sql`select id from tenant where id = ${tenantId} for update`.execute(trx);
        if (tenant.rows.length === 0) throw new ApiError('tenantNotFound');
        if ((await countApiKeys(trx, tenantId)) >= apiKeyLimits.perTenant) {
          throw new ApiError('apiKeyLimit', { max: apiKeyLimits.perTenant }, { max: apiKeyLimits.perTenant });
        }
        return insertApiKey(trx, {
          id: randomUUID(),
          tenant_id: tenantId,
          name,
          key_hash: hashOf(key),
          key_hint: hintOf(key),
          at: clock.now(),
        });
      });
      return { ...toApiKey(row), key };
    },

    async remove(id: string): Promise<{ _id: string }> {
      const removed = await deleteApiKey(db, id);
      if (!removed) throw new ApiError('apiKeyNotFound');
      onRevoked(id);
      return { _id: id };
    },

    /**
     * The caller of an `Authorization: Bearer <key>` header, or `apiKeyInvalid` (no header, another
     * scheme, a malformed, unknown or revoked key: one answer, so nothing is learnt by trying).
     */
    async authenticate(header: string | undefined): Promise<ApiKeyCaller> {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
      const key = match?.[1];
      if (!key || !KEY_PATTERN.test(key)) throw new ApiError('apiKeyInvalid');
      const row = await findApiKeyByHash(db, hashOf(key));
      if (!row) throw new ApiError('apiKeyInvalid');
      const now = clock.now();
      if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() >= TOUCH_EVERY_MS) {
        // Off the answer's path: a failed note of use is no reason to refuse the call.
        touchApiKey(db, row.id, now).catch((error: unknown) => {
          log.warn({ err: error }, 'could not note when an API key was used');
        });
      }
      return { keyId: row.id, tenantId: row.tenant_id };
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
