/**
 * Agents as CMS admins manage them. What the engine holds of an agent who is online is
 * refreshed at their next authentication or resume; `onAgentChanged` lets the engine drop a
 * session that should end now (a disabled or removed agent).
 */
import { randomUUID } from 'node:crypto';
import type { CmsAgent } from '@open/protocol/api';
import { isUniqueViolation } from '../db/executor.js';
import { ApiError, FieldError } from '../errors.js';
import {
  countAgents,
  deleteAgent,
  findAgent,
  insertAgent,
  isTrunkShortNumber,
  listAgents as listAgentRows,
  updateAgent,
  type AgentRow,
} from './agent.data.js';
import type { AgentInput, CallCentreAdminContext, Page } from './call-centre-admin.types.js';
import { findTenant, tenantExists } from './tenant.data.js';

/** The unique indexes an agent's fields may collide on, and the field each names. */
const UNIQUE_FIELDS = [
  ['agent_email', 'email'],
  ['agent_employee_no', 'employee_no'],
  ['agent_extension', 'extension'],
] as const;

const toAgent = (row: AgentRow): CmsAgent => ({
  _id: row.id,
  tenant_id: row.tenant_id,
  name: row.name,
  email: row.email,
  employee_no: row.employee_no,
  mobile: row.mobile,
  extension: row.extension,
  role: row.role,
  assistant_robot: row.assistant_robot,
  disabled: row.disabled,
  has_password: row.password_hash !== null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** An optional text field: empty means none. */
const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/** A guessable password, or the one the agent has now, is refused on its field. */
async function assertAcceptablePassword(
  { db, verifyPassword, weakPassword }: Pick<CallCentreAdminContext, 'db' | 'verifyPassword' | 'weakPassword'>,
  input: AgentInput,
  words: (string | null)[],
): Promise<void> {
  const password = input.password ?? '';
  const current = input._id === undefined ? undefined : await findAgent(db, input._id);
  if (current?.password_hash && (await verifyPassword(password, current.password_hash))) {
    throw new FieldError([{ field: 'password', reason: 'reusedPassword' }]);
  }
  if (weakPassword(password, { words })) throw new FieldError([{ field: 'password', reason: 'weakPassword' }]);
}

export async function listAgents(
  { db }: Pick<CallCentreAdminContext, 'db'>,
  filter: { tenant_id: string; keyword?: string | undefined },
  page: Page,
) {
  if (!(await tenantExists(db, filter.tenant_id))) throw new ApiError('tenantNotFound');
  const agentFilter = { tenantId: filter.tenant_id, keyword: filter.keyword };
  const [list, total] = await Promise.all([listAgentRows(db, agentFilter, page), countAgents(db, agentFilter)]);
  return { list: list.map(toAgent), total };
}

export async function setAgent(context: CallCentreAdminContext, input: AgentInput): Promise<CmsAgent> {
  const { db, clock, hashPassword, onAgentChanged } = context;
  const tenant = await findTenant(db, input.tenant_id);
  if (!tenant) throw new ApiError('tenantNotFound');
  const email = orNull(input.email?.toLowerCase());
  const employeeNo = orNull(input.employee_no);
  const mobile = orNull(input.mobile);
  if (email === null && employeeNo === null && mobile === null) throw new ApiError('agentAccountRequired');
  if (input.password !== undefined) {
    await assertAcceptablePassword(context, input, [email, employeeNo, mobile, input.name, tenant.name]);
  }
  const values = {
    name: input.name,
    email,
    employee_no: employeeNo,
    mobile,
    extension: orNull(input.extension),
    role: input.role,
    assistant_robot: input.assistant_robot,
    // Left out of an edit, it stays as it is (a form that does not show it re-enables nobody).
    ...(input.disabled !== undefined || input._id === undefined ? { disabled: input.disabled ?? false } : {}),
    ...(input.password !== undefined ? { password_hash: await hashPassword(input.password) } : {}),
  };
  if (values.extension !== null && (await isTrunkShortNumber(db, input.tenant_id, values.extension))) {
    const number = values.extension;
    throw new ApiError('shortNumberIsExtension', { number }, { number, field: 'extension' });
  }
  const id = input._id ?? randomUUID();
  let row: AgentRow | undefined;
  try {
    row =
      input._id === undefined
        ? await insertAgent(db, id, input.tenant_id, values, clock.now())
        : // An agent stays in its tenant: moving one would leave its calls and records behind.
          await updateAgent(db, id, input.tenant_id, values, clock.now());
  } catch (error) {
    const field = UNIQUE_FIELDS.find(([index]) => isUniqueViolation(error, index))?.[1];
    if (field) throw new ApiError('agentTaken', {}, { field });
    throw error;
  }
  if (!row) throw new ApiError('agentNotFound');
  await onAgentChanged({ agentId: id, tenantId: row.tenant_id, agent: row.disabled ? null : row });
  return toAgent(row);
}

export async function removeAgent(
  { db, onAgentChanged }: Pick<CallCentreAdminContext, 'db' | 'onAgentChanged'>,
  id: string,
): Promise<{ _id: string }> {
  const tenantId = await deleteAgent(db, id);
  if (tenantId === undefined) throw new ApiError('agentNotFound');
  await onAgentChanged({ agentId: id, tenantId, agent: null });
  return { _id: id };
}
