import { methodByName } from '@open/protocol/softphone/catalogue';
import { validateParams } from '@open/protocol/softphone/validate';
import type { Executor } from '../../db/executor.js';
import { ApiError } from '../../http/api-error.js';
import type { Engine } from '../engine/engine.js';

type Params = Readonly<Record<string, unknown>>;

export interface MethodContext {
  engine: Engine;
  db: Executor;
  agentId: string;
  tenantId: string;
  /** Relays a WebRTC signal to the other agent of a call. */
  relay: (callId: string, signal: unknown) => void;
}

type Handler = (context: MethodContext, params: Params) => unknown;

const text = (params: Params, name: string): string | null => {
  const value = params[name];
  return typeof value === 'string' ? value : null;
};
const idleOrBusy = (params: Params): 'idle' | 'busy' => (params.status === 'busy' ? 'busy' : 'idle');
const callId = (params: Params) => text(params, 'call_id');
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
  dialOut: ({ engine, agentId }, params) => engine.dialOut(agentId, text(params, 'number') ?? ''),
  answer: ({ engine, agentId }, params) => engine.answer(agentId, callId(params)),
  hangUp: ({ engine, agentId }, params) => engine.hangUp(agentId, callId(params)),
  mute: ({ engine, agentId }, params) => engine.setMuted(agentId, callId(params), true),
  unmute: ({ engine, agentId }, params) => engine.setMuted(agentId, callId(params), false),
  pause: ({ engine, agentId }, params) => engine.setHeld(agentId, callId(params), true),
  unpause: ({ engine, agentId }, params) => engine.setHeld(agentId, callId(params), false),
  transferExternal: ({ engine, agentId }, params) =>
    engine.transferExternal(agentId, callId(params), text(params, 'number') ?? ''),
  monitor: ({ engine, agentId }, params) => engine.supervise(agentId, text(params, 'agent_id') ?? '', 'monitor'),
  insert: ({ engine, agentId }, params) => engine.supervise(agentId, text(params, 'agent_id') ?? '', 'insert'),
  stopMonitor: ({ engine, agentId }, params) => engine.supervise(agentId, text(params, 'agent_id') ?? '', null),
  rtcSignal: ({ relay }, params) => {
    relay(text(params, 'call_id') ?? '', params.signal);
    return {};
  },
  async getCallRecords({ db, agentId }, params) {
    const asked = typeof params.limit === 'number' ? Math.floor(params.limit) : 20;
    const limit = Math.min(MAX_RECORDS, Math.max(1, asked));
    const rows = await db
      .selectFrom('call_record')
      .select([
        'call_id',
        'call_type',
        'caller',
        'callee',
        'display_number',
        'created_at',
        'answered_at',
        'ended_at',
        'outcome',
      ])
      .where('agent_id', '=', agentId)
      .orderBy('ended_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
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
    const rows = await db
      .selectFrom('agent')
      .select(['id', 'name', 'extension', 'role'])
      .where('tenant_id', '=', tenantId)
      .where('disabled', '=', false)
      .where('id', '!=', agentId)
      .orderBy('extension')
      .orderBy('name')
      .execute();
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
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw new ApiError('invalidParams', { detail: 'params' }, { issues: [{ param: 'params', reason: 'wrongType' }] });
  }
  const params = given as Params;
  const issues = validateParams(definition.params, params);
  if (issues.length > 0) {
    throw new ApiError(
      'invalidParams',
      { detail: issues.map((i) => `${i.param} (${i.reason})`).join(', ') },
      { issues },
    );
  }
  return handler(context, params);
}

/** Methods of the catalogue that the engine answers, for the documentation and tests. */
export const engineMethodNames = Object.keys(handlers);
