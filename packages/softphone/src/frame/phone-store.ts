import type { AgentState, ReadyFrame, TenantInfo } from '@open/protocol/cti/protocol';
import type { phonePages } from '@open/protocol/softphone/catalogue';
import type { SocketState } from '../socket/cti-socket.js';
import type { MediaState } from './media.js';

/** A call as the engine shows it to this agent (callDataChange's `call`). */
export interface CallView {
  call_id: string;
  call_type: 'inbound' | 'outbound' | 'internal';
  call_status: 'ringing' | 'talking' | 'held' | 'ended';
  caller: string;
  callee: string;
  display_number: string | null;
  created_at: string;
  answered_at: string | null;
  muted: boolean;
  held: boolean;
  peer: { agent_id: string; name: string; extension: string | null } | null;
  supervisors: { agent_id: string; name: string; mode: 'monitor' | 'insert' }[];
}

export type PhonePage = (typeof phonePages)[number];

/** What the phone shows: its options, the connection, the agent and their calls. */
export interface PhoneState {
  phase: 'loading' | 'running' | 'replaced' | 'sessionLost' | 'failed';
  /** With `failed`: the error's name (errors.ts) or text. */
  failure: string | null;
  socket: SocketState;
  attempt: number;
  agent: AgentState | null;
  tenant: TenantInfo | null;
  calls: CallView[];
  page: PhonePage;
  options: {
    mini: boolean;
    statusBar: boolean;
    dialPad: boolean;
    internalCall: boolean;
    assistantRobot: boolean;
    volteVideo: boolean;
  };
  /** The audio (and video) of the internal call in progress. */
  media: MediaState | null;
}

export const initialState: PhoneState = {
  phase: 'loading',
  failure: null,
  socket: 'connecting',
  attempt: 0,
  agent: null,
  tenant: null,
  calls: [],
  page: 'dialpad',
  options: {
    mini: false,
    statusBar: true,
    dialPad: true,
    internalCall: true,
    assistantRobot: false,
    volteVideo: false,
  },
  media: null,
};

/** A tiny store for React's useSyncExternalStore: one state, replaced on each change. */
export function createStore(start: PhoneState = initialState) {
  let state = start;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (change: Partial<PhoneState> | ((current: PhoneState) => Partial<PhoneState>)) => {
      state = { ...state, ...(typeof change === 'function' ? change(state) : change) };
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type PhoneStore = ReturnType<typeof createStore>;

const withCall = (calls: CallView[], call: CallView) =>
  call.call_status === 'ended'
    ? calls.filter((c) => c.call_id !== call.call_id)
    : calls.some((c) => c.call_id === call.call_id)
      ? calls.map((c) => (c.call_id === call.call_id ? call : c))
      : [...calls, call];

/** The phone's state after an event of the engine (names and payloads: the catalogue). */
export function applyEvent(state: PhoneState, name: string, data: Record<string, unknown>): Partial<PhoneState> {
  const agent = state.agent;
  switch (name) {
    case 'agentStatusChange':
      return agent
        ? {
            agent: {
              ...agent,
              status: data.status as AgentState['status'],
              reason_id: (data.reason_id as string | null) ?? null,
              status_since: data.status_since as string,
              acw_until: (data.acw_until as string | null) ?? null,
            },
          }
        : {};
    case 'userInfoChange':
      return agent ? { agent: { ...agent, ...(data.agent as Partial<AgentState>) } } : {};
    case 'displayNumberChange':
      return agent ? { agent: { ...agent, display_number: data.display_number as string | null } } : {};
    case 'tenantInfoChange':
      return { tenant: data.tenant as TenantInfo };
    case 'callDataChange':
      return { calls: withCall(state.calls, data.call as CallView) };
    case 'callStatusChange':
      return data.call_status === 'ended'
        ? { calls: state.calls.filter((c) => c.call_id !== data.call_id) }
        : {
            calls: state.calls.map((c) =>
              c.call_id === data.call_id ? { ...c, call_status: data.call_status as CallView['call_status'] } : c,
            ),
          };
    default:
      return {};
  }
}

/** The state a `ready` frame gives (a first sign-in, or a resume with the calls as they are). */
export function fromReady(ready: ReadyFrame): Partial<PhoneState> {
  const { calls, ...agent } = ready.agent as AgentState & { calls?: CallView[] };
  return { phase: 'running', agent, tenant: ready.tenant, calls: calls ?? [] };
}
