import { methodByName, type MethodDefinition } from '@open/protocol/softphone/catalogue';
import { describeParamIssues, validateParams } from '@open/protocol/softphone/validate';
import type { Executor } from '../../db/executor.js';
import { ApiError } from '../../errors.js';
import { listColleagues } from '../../tenants/agent.data.js';
import type { AttachedData } from '../engine/calls/call-model.js';
import type { OutsideLine } from '../engine/calls/outside-line.js';
import type { Engine } from '../engine/engine.js';
import { listCallRecordsOf } from './call-record.data.js';
import type { ExtensionBook } from './tenant-extensions.js';

type Params = Readonly<Record<string, unknown>>;

export interface MethodContext {
  engine: Engine;
  db: Executor;
  /** Whether an agent of the tenant holds an extension (tenant-extensions.ts). */
  extensions: Pick<ExtensionBook, 'holds'>;
  agentId: string;
  tenantId: string;
  /**
   * Relays a WebRTC signal to the other agent of a call, or to `to` (a supervisor's
   * connections); `to: 'network'` is the media relay of a trunk call.
   */
  relay: (callId: string, signal: unknown, to: string | null) => void;
  /** The tenant's SIP trunk, read afresh for each call placed; null: the simulated network. */
  outsideLine: () => Promise<OutsideLine | null>;
  /** Stores the call records still gathering (tenant-host-records.ts), so a read finds its last call. */
  flushRecords: () => Promise<void>;
}

type Handler = (context: MethodContext, params: Params) => unknown;

const text = (params: Params, name: string): string | null => {
  const value = params[name];
  return typeof value === 'string' ? value : null;
};
const idleOrBusy = (params: Params): 'idle' | 'busy' => (params.status === 'busy' ? 'busy' : 'idle');
const callId = (params: Params) => text(params, 'call_id');
/** What the CMS lets an extension be (cms/set_agent_info): digits, at most 16. */
const ASSIGNABLE_EXTENSION = /^[0-9]{1,16}$/;
/** The catalogue checked `data` already: a bounded map of texts. */
const attachedData = (params: Params): AttachedData | undefined => params.data as AttachedData | undefined;

/**
 * Whether the number is the extension of an agent the engine does not hold (not signed in):
 * the engine knows only the agents it runs, and such a number must be refused as offline,
 * never dialled out. Long numbers are looked up too, since the CMS allows longer extensions.
 */
async function assignedElsewhere({ engine, extensions, tenantId }: MethodContext, number: string): Promise<boolean> {
  if (engine.holdsExtension(tenantId, number)) return false;
  if (!ASSIGNABLE_EXTENSION.test(number)) return false;
  return extensions.holds(tenantId, number);
}
const MAX_RECORDS = 100;

/**
 * The engine's half of the catalogue's methods (the phone's half, such as showing a page, never
 * reaches the server). Parameters are checked against the catalogue before a handler runs.
 */
const handlers: Readonly<Record<string, Handler>> = {
  login: ({ engine, agentId }, params) => engine.checkIn(agentId, idleOrBusy(params), text(params, 'reason_id')),
  logout: ({ engine, agentId }) => engine.checkOut(agentId),
  setAgentStatus: ({ engine, agentId }, params) =>
    engine.setStatus(agentId, idleOrBusy(params), text(params, 'reason_id')),
  setDisplayNumber: ({ engine, agentId }, params) => engine.setDisplayNumber(agentId, text(params, 'number') ?? ''),
  getState: ({ engine, agentId }) => engine.state(agentId),
  async dialOut(context, params) {
    const number = text(params, 'number') ?? '';
    return context.engine.dialOut(context.agentId, number, {
      data: attachedData(params),
      internal: params.internal !== false,
      assignedElsewhere: await assignedElsewhere(context, number),
      line: await context.outsideLine(),
    });
  },
  answer: ({ engine, agentId }, params) => engine.answer(agentId, callId(params)),
  hangUp: ({ engine, agentId }, params) => engine.hangUp(agentId, callId(params)),
  mute: ({ engine, agentId }, params) => engine.setMuted(agentId, callId(params), true),
  unmute: ({ engine, agentId }, params) => engine.setMuted(agentId, callId(params), false),
  pause: ({ engine, agentId }, params) => engine.setHeld(agentId, callId(params), true),
  unpause: ({ engine, agentId }, params) => engine.setHeld(agentId, callId(params), false),
  async transferExternal(context, params) {
    const number = text(params, 'number') ?? '';
    return context.engine.transferExternal(context.agentId, callId(params), number, {
      internal: params.internal !== false,
      assignedElsewhere: await assignedElsewhere(context, number),
      // Its dial plan judges the number as it judges a dialled one.
      line: await context.outsideLine(),
    });
  },
  async consultTransfer(context, params) {
    const number = text(params, 'number') ?? '';
    return context.engine.consultTransfer(context.agentId, callId(params), number, {
      assignedElsewhere: await assignedElsewhere(context, number),
    });
  },
  completeTransfer: ({ engine, agentId }, params) => engine.completeTransfer(agentId, callId(params)),
  cancelTransfer: ({ engine, agentId }, params) => engine.cancelTransfer(agentId, callId(params)),
  transferToQueue: ({ engine, agentId }, params) => engine.transferToQueue(agentId, callId(params)),
  sendDtmf: ({ engine, agentId }, params) => engine.sendDtmf(agentId, callId(params), text(params, 'digits') ?? ''),
  setCallData: ({ engine, agentId }, params) =>
    engine.setCallData(agentId, callId(params), attachedData(params) ?? {}, params.replace === true),
  setWrapUp: ({ engine, agentId }, params) =>
    engine.setWrapUp(agentId, callId(params), text(params, 'code_id') ?? '', text(params, 'note')),
  monitor: ({ engine, agentId }, params) => engine.supervise(agentId, text(params, 'agent_id') ?? '', 'monitor'),
  insert: ({ engine, agentId }, params) => engine.supervise(agentId, text(params, 'agent_id') ?? '', 'insert'),
  stopMonitor: ({ engine, agentId }, params) => engine.supervise(agentId, text(params, 'agent_id') ?? '', null),
  rtcSignal: ({ relay }, params) => {
    relay(text(params, 'call_id') ?? '', params.signal, text(params, 'to'));
    return {};
  },
  async getCallRecords({ db, agentId, flushRecords }, params) {
    const asked = typeof params.limit === 'number' ? Math.floor(params.limit) : 20;
    const limit = Math.min(MAX_RECORDS, Math.max(1, asked));
    await flushRecords();
    const rows = await listCallRecordsOf(db, agentId, limit);
    return {
      list: rows.map((row) => ({
        ...row,
        created_at: row.created_at.toISOString(),
        answered_at: row.answered_at?.toISOString() ?? null,
        ended_at: row.ended_at.toISOString(),
        duration_seconds: row.answered_at ? Math.round((row.ended_at.getTime() - row.answered_at.getTime()) / 1000) : 0,
      })),
    };
  },
  async getColleagues({ engine, db, agentId, tenantId }) {
    const rows = await listColleagues(db, tenantId, agentId);
    return {
      list: rows.map((row) => ({
        agent_id: row.id,
        name: row.name,
        extension: row.extension,
        role: row.role,
        ...engine.presence(row.id),
      })),
    };
  },
};

/** Runs one request of an authenticated phone: its answer, or a promise of it; refusals are coded ApiErrors. */
export function runMethod(context: MethodContext, method: string, given: unknown = {}): unknown {
  const definition = methodByName.get(method);
  const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
  if (!definition || definition.target !== 'engine' || !handler) throw new ApiError('unknownMethod', { method });
  return handler(context, checkedParams(definition, given));
}

/** A request's parameters checked against its method's definition; invalidParams naming each bad one. */
export function checkedParams(definition: MethodDefinition, given: unknown): Params {
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw new ApiError('invalidParams', { detail: 'params' }, { issues: [{ param: 'params', reason: 'wrongType' }] });
  }
  const params = given as Params;
  const issues = validateParams(definition.params, params);
  if (issues.length > 0) {
    throw new ApiError('invalidParams', { detail: describeParamIssues(issues) }, { issues });
  }
  return params;
}

/** Methods of the catalogue that the engine answers, for the documentation and tests. */
export const engineMethodNames = Object.keys(handlers);
