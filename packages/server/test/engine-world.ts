/**
 * The engine tests' world: one tenant with three agents and a supervisor, a clock that moves
 * only when a test says so, and every event each agent's phone received.
 */
import { expect } from 'vitest';
import type { WrapUp } from '@open/protocol/cti/protocol';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import { createManualScheduler } from './manual-scheduler.js';
import { ApiError } from '../src/errors.js';
import type { CallRecord, CallView } from '../src/cti/engine/calls/call-model.js';
import { createEngine, type AgentProfile, type TenantProfile } from '../src/cti/engine/engine.js';
import { networkTimings } from '../src/cti/engine/phone-network.js';
import type { RecordKey } from '../src/cti/engine/engine-wrap-up.js';

export const START = Date.UTC(2025, 0, 6, 9, 0, 0);

export const TENANT: TenantProfile = {
  id: 'tenant-demo',
  name: 'Demo tenant',
  defaultLang: 'en',
  acwSeconds: 15,
  notReadyReasons: [{ id: 'break', name: 'Break' }],
  displayNumbers: ['+861080000001', '+861080000002'],
  wrapUpCodes: [
    { id: 'sale', name: 'Sale' },
    { id: 'callback', name: 'Call back later' },
  ],
};
export const OTHER_TENANT: TenantProfile = { ...TENANT, id: 'tenant-other', name: 'Other tenant' };

export const A1 = 'agent-1';
export const A2 = 'agent-2';
export const A3 = 'agent-3';
export const SUP = 'supervisor-1';

export function agent(
  id: string,
  name: string,
  extension: string | null,
  more: Partial<AgentProfile> = {},
): AgentProfile {
  return {
    id,
    tenantId: TENANT.id,
    name,
    extension,
    role: 'agent',
    assistantRobot: false,
    disabled: false,
    ...more,
  };
}

export const PROFILES = {
  [A1]: agent(A1, 'Li Na', '8001'),
  [A2]: agent(A2, 'Wang Wei', '8002'),
  [A3]: agent(A3, 'Chen Jie', '8003'),
  [SUP]: agent(SUP, 'Zhang Min', '8100', { role: 'supervisor' }),
};

export interface Published {
  name: string;
  data: Record<string, unknown>;
}

/** A fresh engine with the tenant's four people attached (all offline), time at START. */
export function world() {
  const scheduler = createManualScheduler(START);
  const published = new Map<string, Published[]>();
  const records: CallRecord[][] = [];
  const lateWrapUps: { record: RecordKey; wrapUp: WrapUp }[] = [];
  const engine = createEngine({
    scheduler,
    publish: (agentId, name, data) => {
      const list = published.get(agentId) ?? [];
      list.push({ name, data });
      published.set(agentId, list);
    },
    onCallEnded: (batch) => records.push(batch),
    onLateWrapUp: (record, wrapUp) => lateWrapUps.push({ record, wrapUp }),
  });
  for (const profile of Object.values(PROFILES)) engine.attach(profile, TENANT);
  return {
    engine,
    scheduler,
    records,
    /** Wrap-ups of calls whose records were already handed over, as the gateway would update them. */
    lateWrapUps,
    /** The events an agent received since the last `take`, which forgets them. */
    take(agentId: string): Published[] {
      const list = published.get(agentId) ?? [];
      published.set(agentId, []);
      return list;
    },
    /** Forgets every event so far. */
    clear() {
      published.clear();
    },
  };
}

export type World = ReturnType<typeof world>;

export const names = (events: Published[]) => events.map((e) => e.name);
export const named = (events: Published[], name: string) => events.filter((e) => e.name === name).map((e) => e.data);
export const iso = (ms: number) => new Date(ms).toISOString();
export const callOf = (event: Published | undefined) => event?.data.call as CallView;

export function thrown(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

export function expectError(run: () => unknown, errorName: ErrorName, data?: unknown) {
  const error = thrown(run);
  expect(error.errorName).toBe(errorName);
  expect(error.code).toBe(errorCatalogue[errorName].code);
  if (data !== undefined) expect(error.data).toEqual(data);
}

/** Checks the agents in, one second apart (the first is the longest idle), and forgets the events. */
export function checkedIn(w: World, ...agentIds: string[]) {
  for (const id of agentIds) {
    w.engine.checkIn(id, 'idle', null);
    w.scheduler.advance(1_000);
  }
  w.clear();
}

/** An outbound call of `agentId` to a number that answers, in talking; events forgotten. */
export function talking(w: World, agentId: string, number = '13800138001'): CallView {
  const view = w.engine.dialOut(agentId, number);
  w.scheduler.advance(networkTimings.ringBeforeAnswerMs);
  w.clear();
  return view;
}
