/** Tenants as CMS admins manage them: their settings and their single sign-on token. */
import { randomUUID } from 'node:crypto';
import type { CmsTenant } from '@open/protocol/api';
import type { Executor } from '../db/executor.js';
import { ApiError, FieldError } from '../errors.js';
import type { CallCentreAdminContext, Page, TenantInput } from './call-centre-admin.types.js';
import {
  countTenants,
  findTenantWithAgentCount,
  insertTenant,
  listTenantsWithAgentCount,
  setSsoToken,
  updateTenantSettings,
  type TenantWithAgentCount,
} from './tenant.data.js';
import { newTenantSecrets } from './tenant-secrets.js';

const toTenant = (row: TenantWithAgentCount): CmsTenant => ({
  _id: row.id,
  name: row.name,
  default_lang: row.default_lang,
  acw_seconds: row.acw_seconds,
  not_ready_reasons: row.not_ready_reasons,
  display_numbers: row.display_numbers,
  wrap_up_codes: row.wrap_up_codes,
  sso_token: row.sso_token,
  agent_count: row.agent_count,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

async function tenantById(executor: Executor, id: string): Promise<CmsTenant> {
  const row = await findTenantWithAgentCount(executor, id);
  if (!row) throw new ApiError('tenantNotFound');
  return toTenant(row);
}

export async function listTenants({ db }: Pick<CallCentreAdminContext, 'db'>, page: Page) {
  const [rows, total] = await Promise.all([listTenantsWithAgentCount(db, page), countTenants(db)]);
  return { list: rows.map(toTenant), total };
}

export async function setTenant(
  { db, clock, onTenantChanged }: Pick<CallCentreAdminContext, 'db' | 'clock' | 'onTenantChanged'>,
  input: TenantInput,
): Promise<CmsTenant> {
  const repeated = (values: readonly string[]) => new Set(values).size !== values.length;
  const lists = {
    not_ready_reasons: input.not_ready_reasons.map((r) => r.id),
    display_numbers: input.display_numbers,
    wrap_up_codes: (input.wrap_up_codes ?? []).map((c) => c.id),
  };
  const field = (Object.keys(lists) as (keyof typeof lists)[]).find((name) => repeated(lists[name]));
  if (field) throw new FieldError([{ field, reason: 'notAllowed' }]);
  const settings = {
    name: input.name,
    default_lang: input.default_lang,
    acw_seconds: input.acw_seconds,
    not_ready_reasons: input.not_ready_reasons,
    display_numbers: input.display_numbers,
    wrap_up_codes: input.wrap_up_codes,
  };
  if (input._id === undefined) {
    const id = randomUUID();
    await insertTenant(db, id, settings, newTenantSecrets(), clock.now());
    return tenantById(db, id);
  }
  const updated = await updateTenantSettings(db, input._id, settings, clock.now());
  if (!updated) throw new ApiError('tenantNotFound');
  await onTenantChanged(updated);
  return tenantById(db, input._id);
}

export async function resetSsoToken(
  { db, clock }: Pick<CallCentreAdminContext, 'db' | 'clock'>,
  id: string,
): Promise<CmsTenant> {
  if (!(await setSsoToken(db, id, newTenantSecrets().sso_token, clock.now()))) throw new ApiError('tenantNotFound');
  return tenantById(db, id);
}
