import type { LoginToken } from '@open/protocol/api';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import { ApiError } from '../errors.js';
import {
  accountTypeOf,
  findAgent,
  findAgentsByAccount,
  type AgentAccountType,
  type AgentRow,
} from '../tenants/agent.data.js';
import { findTenant, findTenantBySsoToken, type TenantRow } from '../tenants/tenant.data.js';
import type { LoginTokens } from './login-token.js';
import { demoAgentPassword } from '../demo-credentials.js';
import type { LoginThrottle } from './login-throttle.js';
import { decoyHash, verifyPassword } from './password.js';

export interface BasicServiceDeps {
  db: Executor;
  clock: Clock;
  tokens: LoginTokens;
  throttle: LoginThrottle;
  /**
   * The server is reachable from other machines (HOST is not loopback): the published demo
   * password signs no agent in there; an administrator sets them real ones first.
   */
  refuseDemoPassword?: boolean;
}

/**
 * The Basic service (DESIGN §6): login tokens for softphone agents, by account and password or
 * through SSO, and their refresh. Every failure is a coded ApiError with the spec §8 message.
 */
export function createBasicService({ db, tokens, throttle, refuseDemoPassword = false }: BasicServiceDeps) {
  async function answer(tenant: TenantRow, agent: AgentRow): Promise<LoginToken> {
    const issued = await tokens.issue(tenant, agent.id, 'cti');
    return {
      token: issued.token,
      expires_at: issued.expiresAt.toISOString(),
      refresh_before: issued.refreshBefore.toISOString(),
      tenant_id: tenant.id,
      agent_id: agent.id,
    };
  }

  /**
   * The agent and tenant of a verified token, still there and still allowed in. `invalid` is the
   * refusal of the call at hand: an SSO signature whose agent is gone is an invalid signature, not
   * an invalid login token (the integrator exchanging it holds no login token).
   */
  async function activeAgent(
    tenantId: string,
    agentId: string,
    invalid: 'loginTokenInvalid' | 'ssoSignatureInvalid',
  ): Promise<{ tenant: TenantRow; agent: AgentRow }> {
    const [tenant, agent] = await Promise.all([findTenant(db, tenantId), findAgent(db, agentId)]);
    if (!tenant || !agent || agent.tenant_id !== tenant.id) throw new ApiError(invalid);
    if (agent.disabled) throw new ApiError('agentDisabled');
    return { tenant, agent };
  }

  return {
    /** Account (e-mail or employee number) and password; throttled like the CMS sign-in. */
    async loginWithPassword(input: { account: string; password: string; tenant_id?: string | undefined }, ip: string) {
      const throttleKey = `agent:${input.account}`;
      await throttle.assertAllowed(throttleKey, ip);
      const candidates = await findAgentsByAccount(db, accountTypeOf(input.account), input.account, input.tenant_id);
      // Every candidate's password is checked (an unknown account against a decoy, so timing
      // tells nothing), and an employee number shared by tenants is only called ambiguous to
      // someone who knows a password of it: nobody learns which numbers exist by asking.
      const checks = await Promise.all(
        (candidates.length > 0 ? candidates : [undefined]).map(async (candidate) =>
          (await verifyPassword(input.password, candidate?.password_hash ?? (await decoyHash())))
            ? candidate
            : undefined,
        ),
      );
      const matching = checks.filter((candidate): candidate is AgentRow => candidate?.password_hash != null);
      const agent = matching[0];
      if (!agent) {
        await throttle.recordFailure(throttleKey, ip);
        throw new ApiError('basicLoginFailed');
      }
      if (matching.length > 1) throw new ApiError('accountAmbiguous');
      await throttle.clear(throttleKey, ip);
      // Said only to someone who typed the right password, and that password is published anyway.
      if (refuseDemoPassword && input.password === demoAgentPassword) throw new ApiError('demoAgentPasswordRefused');
      if (agent.disabled) throw new ApiError('agentDisabled');
      const tenant = await findTenant(db, agent.tenant_id);
      if (!tenant) throw new ApiError('basicLoginFailed');
      return answer(tenant, agent);
    },

    /** For the integrator's server, which holds the tenant's SSO public-key token. */
    async ssoSignature(input: { sso_token: string; account_type: AgentAccountType; account: string }) {
      const tenant = await findTenantBySsoToken(db, input.sso_token);
      if (!tenant) throw new ApiError('ssoTokenInvalid');
      const [agent, second] = await findAgentsByAccount(db, input.account_type, input.account, tenant.id);
      // Mobile numbers are not unique within a tenant: an ambiguous one names nobody.
      if (!agent || second) throw new ApiError('ssoAccountUnknown');
      if (agent.disabled) throw new ApiError('agentDisabled');
      const issued = await tokens.issue(tenant, agent.id, 'sso');
      return { signature: issued.token, expires_at: issued.expiresAt.toISOString() };
    },

    async loginWithSso(signature: string) {
      const verified = await tokens.verify(signature, 'sso');
      if (!(await tokens.consume(verified, 'exchange'))) throw new ApiError('ssoSignatureUsed');
      const { tenant, agent } = await activeAgent(verified.tenantId, verified.agentId, 'ssoSignatureInvalid');
      return answer(tenant, agent);
    },

    /** A fresh token for one that has not expired; each token can be refreshed once. */
    async refresh(token: string) {
      const verified = await tokens.verify(token, 'cti');
      if (!(await tokens.consume(verified, 'refresh'))) throw new ApiError('loginTokenUsed');
      const { tenant, agent } = await activeAgent(verified.tenantId, verified.agentId, 'loginTokenInvalid');
      return answer(tenant, agent);
    },
  };
}

export type BasicService = ReturnType<typeof createBasicService>;
