import { BlockList, isIP } from 'node:net';
import type { CmsTrunk } from '@open/protocol/api';
import { newDialPlan, type DialPlanFields } from '@open/protocol/dial-plan';
import type { FieldReason } from '@open/protocol/errors';
import { farEndSilence, trunkCaps, trunkHostConcern, type CarrierHost } from '@open/protocol/trunk';
import type { Clock } from '../clock.js';
import type { TelephonySettings } from '../config.js';
import type { Executor } from '../db/executor.js';
import { ApiError, FieldError } from '../errors.js';
import type { SecretBox } from '../secret-box.js';
import { extensionsHeld } from '../tenants/agent.data.js';
import { tenantExists } from '../tenants/tenant.data.js';
import {
  didsOfOtherTenants,
  loadTrunkRecord,
  lockTenantForTrunk,
  lockTrunks,
  removeTrunk,
  saveTrunk,
} from './trunk.data.js';
import type { CarrierHealth } from './carrier-watch.js';
import { viewOfTrunk, type TrunkSettings, type TrunkTransport } from './trunk-settings.js';
import { trunkPasswordContext } from './trunk-secrets.js';

/**
 * cms/set_trunk's body, as its schema hands it over (trimmed, bounded, each value checked). The
 * route hands the protocol's transports in and the answer hands the settings' out, so the two
 * lists cannot part without a compile error.
 */
export interface TrunkInput {
  tenant_id: string;
  enabled: boolean;
  host: string;
  port: number;
  transport: TrunkTransport;
  username: string | null;
  /** Left out: the stored one stays; '': none. */
  password?: string | undefined;
  allowed_sources: string[];
  dids: string[];
  display_numbers: string[];
  /** Left out: the stored caps stay (a new trunk's: the protocol's trunkCaps); null: no cap. */
  max_calls?: number | null | undefined;
  max_waiting?: number | null | undefined;
  /** Left out: the stored plan stays (a new trunk's: `newDialPlan`). */
  dial_plan?: DialPlanFields | undefined;
  /** Left out: the stored ones stay (a new trunk: none). */
  failover_hosts?: CarrierHost[] | undefined;
  /** Left out: the stored setting stays (a new trunk: on). */
  options_ping?: boolean | undefined;
  /** Left out: the stored setting stays (a new trunk: the protocol's farEndSilence); null: never. */
  far_end_silence_seconds?: number | null | undefined;
}

/** What an audit entry may say of the password: whether it changed, never what it is. */
export type PasswordChange = 'set' | 'cleared' | 'kept';

/**
 * Whether node:net takes a source as the SIP side will use it (a BlockList of the allowed
 * sources). The schema has checked it with the protocol's own rule; this is the last word.
 */
function blockListTakes(source: string): boolean {
  const [address = '', bits] = source.split('/');
  const version = isIP(address);
  if (version === 0) return false;
  try {
    const list = new BlockList();
    const type = version === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
    return true;
  } catch {
    return false;
  }
}

/**
 * A short number of the plan goes out before the numbering rule looks for a colleague, so one
 * that is an agent's extension would stop ringing them: refused, naming the first.
 */
async function assertNoExtensionShadowed(db: Executor, tenantId: string, plan: DialPlanFields): Promise<void> {
  const [held] = await extensionsHeld(db, tenantId, plan.short_numbers);
  if (held === undefined) return;
  const field = `dial_plan.short_numbers.${plan.short_numbers.indexOf(held)}`;
  throw new ApiError('shortNumberIsExtension', { number: held }, { number: held, field });
}

/**
 * The carrier's servers must be servers of a carrier: the trunk's host and each failover host are
 * refused when they are a metadata or link-local address (the node would send its SIP there, a
 * way to reach what only the node may reach); a failover host that is the trunk's own is refused.
 */
function assertCarrierHosts(host: string, port: number, failover: readonly CarrierHost[]): void {
  const forbidden = [
    { host, field: 'host' },
    ...failover.map((entry, at) => ({ host: entry.host, field: `failover_hosts.${at}.host` })),
  ].find((entry) => {
    const concern = trunkHostConcern(entry.host);
    return concern === 'metadata' || concern === 'linkLocal';
  });
  if (forbidden) {
    throw new ApiError(
      'trunkHostForbidden',
      { host: forbidden.host },
      { host: forbidden.host, field: forbidden.field },
    );
  }
  const same = failover.findIndex((entry) => entry.host.toLowerCase() === host.toLowerCase() && entry.port === port);
  if (same !== -1) throw new FieldError([{ field: `failover_hosts.${same}.host`, reason: 'duplicate' }]);
}

const toCmsTrunk = (settings: TrunkSettings, updatedAt: Date, carriers: CarrierHealth[]): CmsTrunk => {
  const view = viewOfTrunk(settings);
  return {
    tenant_id: view.tenantId,
    enabled: view.enabled,
    host: view.host,
    port: view.port,
    transport: view.transport,
    username: view.username,
    has_password: view.hasPassword,
    allowed_sources: view.allowedSources,
    dids: view.dids,
    display_numbers: view.displayNumbers,
    max_calls: view.maxCalls,
    max_waiting: view.maxWaiting,
    dial_plan: view.dialPlan,
    failover_hosts: view.failoverHosts,
    options_ping: view.optionsPing,
    far_end_silence_seconds: view.farEndSilenceSeconds,
    carriers: carriers.map((carrier) => ({
      host: carrier.host,
      port: carrier.port,
      state: carrier.state,
      round_trip_ms: carrier.roundTripMs,
      last_answer_at: carrier.lastAnswerAt,
      since: carrier.since,
    })),
    updated_at: updatedAt.toISOString(),
  };
};

/**
 * Tenants' SIP trunks as CMS admins set them (docs/TELEPHONY.md). The password goes into the
 * database sealed with the operator's key, and nowhere else: answers say only whether there is
 * one. `onTrunkChanged` lets the SIP side pick a change up at once (null: the trunk was removed).
 */
export function createTrunkAdminService({
  db,
  clock,
  telephony,
  secrets,
  carriers,
  onTrunkChanged = () => {},
}: {
  db: Executor;
  clock: Clock;
  /** SIP_LISTEN and RTPENGINE_NG: without both, no trunk can be switched on. */
  telephony: Pick<TelephonySettings, 'sip' | 'relays'>;
  /** The trunk's carrier servers as this node's OPTIONS pings last found them (telephony.service.ts). */
  carriers: (trunk: TrunkSettings) => CarrierHealth[];
  /** SECRETS_KEY: without it, no password can be stored. */
  secrets: SecretBox | null;
  onTrunkChanged?: (tenantId: string, trunk: TrunkSettings | null) => Promise<void> | void;
}) {
  async function assertTenant(executor: Executor, tenantId: string): Promise<void> {
    if (!(await tenantExists(executor, tenantId))) throw new ApiError('tenantNotFound');
  }

  return {
    async getTrunk(tenantId: string): Promise<CmsTrunk | null> {
      await assertTenant(db, tenantId);
      const record = await loadTrunkRecord(db, tenantId);
      return record && toCmsTrunk(record.settings, record.updatedAt, carriers(record.settings));
    },

    async setTrunk(input: TrunkInput): Promise<{ trunk: CmsTrunk; passwordChange: PasswordChange }> {
      await assertTenant(db, input.tenant_id);
      const username = input.username === null || input.username === '' ? null : input.username;
      const issues: { field: string; reason: FieldReason }[] = input.allowed_sources.flatMap((source, index) =>
        blockListTakes(source) ? [] : [{ field: `allowed_sources.${index}`, reason: 'notAllowed' as const }],
      );
      // A password is half of a digest login; without a username nobody would ever send it.
      if (username === null && input.password) issues.push({ field: 'username', reason: 'required' });
      if (issues.length) throw new FieldError(issues);
      // The node would send its SIP to the cloud's metadata service or a neighbour on its link:
      // never a carrier, and a way to reach what only the node may reach.
      assertCarrierHosts(input.host, input.port, input.failover_hosts ?? []);
      if (input.enabled && (telephony.sip === null || telephony.relays.length === 0)) {
        throw new ApiError('telephonyNotConfigured');
      }

      // Without a username the stored password goes too; otherwise left out keeps it, '' clears it.
      const password = username === null || input.password === '' ? null : input.password;
      if (password && !secrets) throw new ApiError('secretsKeyMissing');
      const settings = {
        tenantId: input.tenant_id,
        enabled: input.enabled,
        host: input.host,
        port: input.port,
        transport: input.transport,
        username,
        password: password && secrets ? secrets.seal(password, trunkPasswordContext(input.tenant_id)) : password,
        allowedSources: input.allowed_sources,
        dids: input.dids,
        displayNumbers: input.display_numbers,
      };
      const record = await db.transaction().execute(async (trx) => {
        // The tenant cannot be removed under the save, and no other save can take its DIDs.
        if (!(await lockTenantForTrunk(trx, input.tenant_id))) throw new ApiError('tenantNotFound');
        await lockTrunks(trx);
        const [taken] = await didsOfOtherTenants(trx, input.tenant_id, input.dids);
        if (taken !== undefined) {
          throw new ApiError(
            'didTaken',
            { number: taken },
            { number: taken, field: `dids.${input.dids.indexOf(taken)}` },
          );
        }
        // Left out, the stored plan and caps stay; a new trunk starts with international calls
        // closed and the protocol's caps.
        const stored = (await loadTrunkRecord(trx, input.tenant_id))?.settings;
        const dialPlan = input.dial_plan ?? stored?.dialPlan ?? newDialPlan();
        const failoverHosts = input.failover_hosts ?? stored?.failoverHosts ?? [];
        const optionsPing = input.options_ping ?? stored?.optionsPing ?? true;
        // A stored null (never) is kept as it is, as the caps are.
        const farEndSilenceSeconds =
          input.far_end_silence_seconds !== undefined
            ? input.far_end_silence_seconds
            : stored
              ? stored.farEndSilenceSeconds
              : farEndSilence.seconds;
        // Kept ones are checked against a host that may have changed to one of them.
        if (!input.failover_hosts) assertCarrierHosts(input.host, input.port, failoverHosts);
        await assertNoExtensionShadowed(trx, input.tenant_id, dialPlan);
        // A stored null is no cap, kept as it is.
        const caps = {
          maxCalls: input.max_calls !== undefined ? input.max_calls : stored ? stored.maxCalls : trunkCaps.maxCalls,
          maxWaiting:
            input.max_waiting !== undefined ? input.max_waiting : stored ? stored.maxWaiting : trunkCaps.maxWaiting,
        };
        await saveTrunk(
          trx,
          { ...settings, ...caps, dialPlan, failoverHosts, optionsPing, farEndSilenceSeconds },
          clock.now(),
        );
        return loadTrunkRecord(trx, input.tenant_id);
      });
      if (!record) throw new ApiError('tenantNotFound');
      await onTrunkChanged(input.tenant_id, record.settings);
      const passwordChange: PasswordChange = password === undefined ? 'kept' : password === null ? 'cleared' : 'set';
      return { trunk: toCmsTrunk(record.settings, record.updatedAt, carriers(record.settings)), passwordChange };
    },

    async removeTrunk(tenantId: string): Promise<{ tenant_id: string; removed: boolean }> {
      await assertTenant(db, tenantId);
      const removed = await removeTrunk(db, tenantId);
      if (removed) await onTrunkChanged(tenantId, null);
      return { tenant_id: tenantId, removed };
    },
  };
}

export type TrunkAdminService = ReturnType<typeof createTrunkAdminService>;
