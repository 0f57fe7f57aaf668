import { randomUUID } from 'node:crypto';
import type { CmsWebhook, CmsWebhookDelivery } from '@open/protocol/api';
import {
  WEBHOOK_TEST_EVENT,
  webhookLimits,
  type WebhookDeliveryError,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '@open/protocol/webhooks';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import { ApiError } from '../errors.js';
import type { SecretBox } from '../secret-box.js';
import { tenantExists } from '../tenants/tenant.data.js';
import {
  countWebhooks,
  deleteWebhook,
  findDelivery,
  findWebhook,
  insertTargetedEvent,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  newDelivery,
  setWebhookSecret,
  updateWebhook,
  type DeliveryRow,
  type WebhookListRow,
} from './webhook.data.js';
import { openWebhookSecret, webhookSecretContext } from './webhook-secret.js';
import { newWebhookSecret, secretHint } from './webhook-signature.js';
import { refusedTarget } from './webhook-target.js';

/** cms/set_webhook's body as its schema hands it over. */
export interface WebhookInput {
  _id?: string | undefined;
  tenant_id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

export interface WebhookAdminDeps {
  db: Executor;
  clock: Clock;
  secrets: SecretBox | null;
  /** WEBHOOK_PRIVATE_TARGETS. */
  allowPrivate: boolean;
  /** A webhook was saved or removed: which tenants' events are stored may have changed. */
  onChanged: () => Promise<void>;
  /** A delivery is due now (a test, a redelivery). */
  onDue: () => void;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toDelivery(row: DeliveryRow): CmsWebhookDelivery {
  const { agent = null, data = {} } = (row.payload ?? {}) as { agent?: unknown; data?: unknown };
  return {
    _id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    last_attempt_at: iso(row.last_attempt_at),
    response_status: row.response_status,
    response_excerpt: row.response_excerpt,
    error: row.error as WebhookDeliveryError | null,
    error_detail: row.error_detail,
    duration_ms: row.duration_ms,
    // The body as the dispatcher writes it (webhook-dispatcher.ts `eventBody`), pretty for people.
    payload: JSON.stringify(
      {
        id: row.event_id,
        type: row.event_type,
        timestamp: iso(row.occurred_at),
        tenant_id: row.tenant_id,
        agent,
        data,
      },
      null,
      2,
    ),
    created_at: iso(row.created_at) ?? '',
  };
}

/** A webhook as the CMS shows it; a row read alone (not listed) has no delivery figures yet. */
function toWebhook(
  secrets: SecretBox | null,
  row: Omit<WebhookListRow, 'pending' | 'last_delivery'> & Partial<WebhookListRow>,
): CmsWebhook {
  const plain = openWebhookSecret(secrets, row.id, row.secret);
  const last = row.last_delivery
    ? (JSON.parse(row.last_delivery) as { status: WebhookDeliveryStatus; at: string; response_status: number | null })
    : null;
  return {
    _id: row.id,
    tenant_id: row.tenant_id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    secret_hint: plain ? secretHint(plain) : '',
    last_delivery: last ? { ...last, at: iso(last.at) ?? '' } : null,
    pending: row.pending ?? 0,
    created_at: iso(row.created_at) ?? '',
    updated_at: iso(row.updated_at) ?? '',
  };
}

/**
 * A tenant's webhooks as its admins manage them in the CMS (docs/WEBHOOKS.md): the settings, the
 * secret (made here, shown once, sealed at rest when the server has SECRETS_KEY), the delivery
 * log, a test event and a redelivery.
 */
export function createWebhookAdminService(deps: WebhookAdminDeps) {
  const { db, clock, secrets, allowPrivate } = deps;
  const seal = (id: string, secret: string) => (secrets ? secrets.seal(secret, webhookSecretContext(id)) : secret);

  async function viewOf(id: string): Promise<CmsWebhook> {
    const row = await findWebhook(db, id);
    if (!row) throw new ApiError('webhookNotFound');
    const listed = (await listWebhooks(db, row.tenant_id)).find((entry) => entry.id === id);
    return toWebhook(secrets, listed ?? row);
  }

  async function delivery(id: string): Promise<CmsWebhookDelivery> {
    const row = /^[0-9]{1,18}$/.test(id) ? await findDelivery(db, id) : undefined;
    if (!row) throw new ApiError('webhookDeliveryNotFound');
    return toDelivery(row);
  }

  function checkTarget(url: string) {
    const host = new URL(url).hostname;
    if (refusedTarget(host, allowPrivate)) throw new ApiError('webhookTargetRefused', { host }, { host });
  }

  async function create(input: WebhookInput) {
    const id = randomUUID();
    const secret = newWebhookSecret();
    await db.transaction().execute(async (trx) => {
      // One at a time per tenant, so two admins saving at once cannot pass the cap together.
      const tenant = await sql`select id from tenant where id = ${input.tenant_id} for update`.execute(trx);
      if (tenant.rows.length === 0) throw new ApiError('tenantNotFound');
      if ((await countWebhooks(trx, input.tenant_id)) >= webhookLimits.perTenant) {
        throw new ApiError('webhookLimit', { max: webhookLimits.perTenant }, { max: webhookLimits.perTenant });
      }
      await insertWebhook(trx, { ...input, id, secret: seal(id, secret), at: clock.now() });
    });
    return { ...(await viewOf(id)), secret };
  }

  return {
    async list(tenantId: string): Promise<{ list: CmsWebhook[] }> {
      if (!(await tenantExists(db, tenantId))) throw new ApiError('tenantNotFound');
      return { list: (await listWebhooks(db, tenantId)).map((row) => toWebhook(secrets, row)) };
    },

    async set(input: WebhookInput): Promise<CmsWebhook & { secret?: string }> {
      checkTarget(input.url);
      let saved: CmsWebhook & { secret?: string };
      if (input._id === undefined) saved = await create(input);
      else {
        const current = await findWebhook(db, input._id);
        if (!current || current.tenant_id !== input.tenant_id) throw new ApiError('webhookNotFound');
        await updateWebhook(db, input._id, input, clock.now());
        saved = await viewOf(input._id);
      }
      await deps.onChanged();
      return saved;
    },

    async remove(id: string): Promise<{ _id: string }> {
      if (!(await deleteWebhook(db, id))) throw new ApiError('webhookNotFound');
      await deps.onChanged();
      return { _id: id };
    },

    async rotateSecret(id: string): Promise<CmsWebhook & { secret: string }> {
      if (!(await findWebhook(db, id))) throw new ApiError('webhookNotFound');
      const secret = newWebhookSecret();
      await setWebhookSecret(db, id, seal(id, secret), clock.now());
      return { ...(await viewOf(id)), secret };
    },

    async test(id: string): Promise<CmsWebhookDelivery> {
      const webhook = await findWebhook(db, id);
      if (!webhook) throw new ApiError('webhookNotFound');
      const deliveryId = await insertTargetedEvent(db, id, {
        tenant_id: webhook.tenant_id,
        type: WEBHOOK_TEST_EVENT,
        agent_id: null,
        payload: JSON.stringify({ agent: null, data: { webhook_id: id } }),
        occurred_at: clock.now(),
      });
      deps.onDue();
      return delivery(deliveryId);
    },

    delivery,

    async deliveries(
      filter: { webhook_id: string; status?: WebhookDeliveryStatus | undefined },
      page: { offset: number; limit: number } | undefined,
    ): Promise<{ list: CmsWebhookDelivery[]; total: number }> {
      if (!(await findWebhook(db, filter.webhook_id))) throw new ApiError('webhookNotFound');
      const { rows, total } = await listDeliveries(db, filter.webhook_id, filter.status, page ?? null);
      return { list: rows.map(toDelivery), total };
    },

    async redeliver(deliveryId: string): Promise<CmsWebhookDelivery> {
      const original = await delivery(deliveryId);
      const id = await newDelivery(db, original.webhook_id, original.event_id);
      deps.onDue();
      return delivery(id);
    },
  };
}

export type WebhookAdminService = ReturnType<typeof createWebhookAdminService>;
