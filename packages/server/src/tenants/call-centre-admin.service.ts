import type {
  AgentInput,
  CallCentreAdminContext,
  CallCentreAdminDeps,
  Page,
  TenantInput,
} from './call-centre-admin.types.js';
import { listAgents, removeAgent, setAgent } from './call-centre-agents.js';
import { listTenants, resetSsoToken, setTenant } from './call-centre-tenants.js';

export type {
  AgentInput,
  CallCentreAdminContext,
  CallCentreAdminDeps,
  Page,
  TenantInput,
} from './call-centre-admin.types.js';

/**
 * Tenants and agents as CMS admins manage them (issue #8): call-centre-tenants.ts and
 * call-centre-agents.ts. What the engine holds of an agent who is online is refreshed at their
 * next authentication or resume; `onAgentChanged` lets the engine drop a session that should
 * end now (a disabled or removed agent).
 */
export function createCallCentreAdminService({
  db,
  clock,
  hashPassword,
  verifyPassword,
  weakPassword,
  onAgentChanged = () => {},
  onTenantChanged = () => {},
}: CallCentreAdminDeps) {
  const context: CallCentreAdminContext = {
    db,
    clock,
    hashPassword,
    verifyPassword,
    weakPassword,
    onAgentChanged,
    onTenantChanged,
  };
  return {
    listTenants: (page: Page) => listTenants(context, page),
    setTenant: (input: TenantInput) => setTenant(context, input),
    resetSsoToken: (id: string) => resetSsoToken(context, id),
    listAgents: (filter: { tenant_id: string; keyword?: string | undefined }, page: Page) =>
      listAgents(context, filter, page),
    setAgent: (input: AgentInput) => setAgent(context, input),
    removeAgent: (id: string) => removeAgent(context, id),
  };
}

export type CallCentreAdminService = ReturnType<typeof createCallCentreAdminService>;
