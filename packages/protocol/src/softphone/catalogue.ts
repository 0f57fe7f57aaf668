/**
 * The softphone's catalogue (spec §3, §4; DESIGN §8): its init parameters, methods and events as
 * plain data, defined once. The SDK validates against it, the engine answers the methods that
 * reach it, the demo page builds its forms from it and the reference documentation is generated
 * from it, so none of them can drift. Descriptions are message keys of the `softphone` namespace.
 */

export type ParamType = 'string' | 'boolean' | 'number' | 'enum' | 'object';

export interface ParamDefinition {
  readonly name: string;
  readonly type: ParamType;
  readonly required: boolean;
  /** Absent: no default (required, or optional without one). */
  readonly default?: string | boolean | number;
  /** For `enum`: the values allowed. */
  readonly values?: readonly string[];
  /** For `string`: the longest value. */
  readonly max?: number;
  /** The value may be null (an event field with nothing to say, such as no reason). */
  readonly nullable?: boolean;
  readonly description: `softphone.${string}`;
}

/** Where a method runs: in the phone's frame, or sent over the socket to the engine. */
export type MethodTarget = 'phone' | 'engine';

export interface MethodDefinition {
  readonly name: string;
  readonly target: MethodTarget;
  readonly params: readonly ParamDefinition[];
  readonly description: `softphone.${string}`;
  /** Only agents with this role may call it (absent: every agent). */
  readonly role?: 'supervisor';
}

export interface EventDefinition {
  readonly name: string;
  /** Who raises it: the engine (pushed over the socket) or the phone itself. */
  readonly source: 'engine' | 'phone';
  /** The fields of its payload. */
  readonly payload: readonly ParamDefinition[];
  readonly description: `softphone.${string}`;
}

const param = (
  name: string,
  type: ParamType,
  required: boolean,
  extra: Partial<Pick<ParamDefinition, 'default' | 'values' | 'max' | 'description'>> = {},
): ParamDefinition => ({ name, type, required, description: `softphone.param.${name}`, ...extra });

const field = (
  name: string,
  type: ParamType,
  extra: Partial<Pick<ParamDefinition, 'values' | 'nullable'>> = {},
): ParamDefinition => ({
  name,
  type,
  required: true,
  ...extra,
  description: `softphone.field.${name}`,
});

export const agentStatusValues = ['offline', 'idle', 'busy', 'acw'] as const;
export const callTypes = ['inbound', 'outbound', 'internal'] as const;
export const callStatuses = ['ringing', 'talking', 'held', 'ended'] as const;
export const phonePages = ['dialpad', 'records', 'directory', 'robot'] as const;

/** A phone number as a person types it: digits, optionally a leading +, at most 32 characters. */
export const PHONE_NUMBER_PATTERN = /^\+?[0-9]{1,31}$/;

const callId = param('call_id', 'string', false, { max: 64 });

/** The init parameters of spec §3, in its order. */
export const initParams: readonly ParamDefinition[] = [
  param('serverUrl', 'string', true, { max: 2048 }),
  param('token', 'string', true, { max: 4096 }),
  param('mini', 'boolean', false, { default: false }),
  param('assistantRobot', 'boolean', false, { default: false }),
  param('lang', 'string', false, { max: 16 }),
  param('statusBar', 'boolean', false, { default: true }),
  param('dialPad', 'boolean', false, { default: true }),
  param('internalCall', 'boolean', false, { default: true }),
  param('volteVideo', 'boolean', false, { default: false }),
  param('visible', 'boolean', false, { default: true }),
];

/** The methods of spec §4, in its order, then the engine's own. */
export const methods: readonly MethodDefinition[] = [
  {
    name: 'setPhoneVisible',
    target: 'phone',
    params: [param('visible', 'boolean', true, { description: 'softphone.param.visibleNow' })],
    description: 'softphone.method.setPhoneVisible',
  },
  {
    name: 'goToPage',
    target: 'phone',
    params: [param('page', 'enum', true, { values: phonePages })],
    description: 'softphone.method.goToPage',
  },
  {
    name: 'login',
    target: 'engine',
    params: [
      param('status', 'enum', false, { values: ['idle', 'busy'], default: 'idle' }),
      param('reason_id', 'string', false, { max: 64 }),
    ],
    description: 'softphone.method.login',
  },
  { name: 'logout', target: 'engine', params: [], description: 'softphone.method.logout' },
  {
    name: 'setAgentStatus',
    target: 'engine',
    params: [
      param('status', 'enum', true, { values: ['idle', 'busy'] }),
      param('reason_id', 'string', false, { max: 64 }),
    ],
    description: 'softphone.method.setAgentStatus',
  },
  {
    name: 'dialOut',
    target: 'engine',
    params: [param('number', 'string', true, { max: 32 })],
    description: 'softphone.method.dialOut',
  },
  { name: 'answer', target: 'engine', params: [callId], description: 'softphone.method.answer' },
  { name: 'hangUp', target: 'engine', params: [callId], description: 'softphone.method.hangUp' },
  { name: 'mute', target: 'engine', params: [callId], description: 'softphone.method.mute' },
  { name: 'unmute', target: 'engine', params: [callId], description: 'softphone.method.unmute' },
  { name: 'pause', target: 'engine', params: [callId], description: 'softphone.method.pause' },
  { name: 'unpause', target: 'engine', params: [callId], description: 'softphone.method.unpause' },
  {
    name: 'transferExternal',
    target: 'engine',
    params: [param('number', 'string', true, { max: 32 }), callId],
    description: 'softphone.method.transferExternal',
  },
  {
    name: 'setDisplayNumber',
    target: 'engine',
    params: [param('number', 'string', true, { max: 32, description: 'softphone.param.displayNumber' })],
    description: 'softphone.method.setDisplayNumber',
  },
  { name: 'getState', target: 'engine', params: [], description: 'softphone.method.getState' },
  {
    name: 'getCallRecords',
    target: 'engine',
    params: [param('limit', 'number', false, { default: 20 })],
    description: 'softphone.method.getCallRecords',
  },
  { name: 'getColleagues', target: 'engine', params: [], description: 'softphone.method.getColleagues' },
  {
    name: 'monitor',
    target: 'engine',
    role: 'supervisor',
    params: [param('agent_id', 'string', true, { max: 64 })],
    description: 'softphone.method.monitor',
  },
  {
    name: 'insert',
    target: 'engine',
    role: 'supervisor',
    params: [param('agent_id', 'string', true, { max: 64 })],
    description: 'softphone.method.insert',
  },
  {
    name: 'stopMonitor',
    target: 'engine',
    role: 'supervisor',
    params: [param('agent_id', 'string', true, { max: 64 })],
    description: 'softphone.method.stopMonitor',
  },
  {
    name: 'rtcSignal',
    target: 'engine',
    params: [
      param('call_id', 'string', true, { max: 64, description: 'softphone.param.rtcCallId' }),
      param('signal', 'object', true),
    ],
    description: 'softphone.method.rtcSignal',
  },
];

/** The events of spec §4, in its order. */
export const events: readonly EventDefinition[] = [
  {
    name: 'loginInfoChange',
    source: 'engine',
    payload: [field('checked_in', 'boolean')],
    description: 'softphone.event.loginInfoChange',
  },
  {
    name: 'userInfoChange',
    source: 'engine',
    payload: [field('agent', 'object')],
    description: 'softphone.event.userInfoChange',
  },
  {
    name: 'checkInFailed',
    source: 'engine',
    payload: [field('code', 'number'), field('message', 'string')],
    description: 'softphone.event.checkInFailed',
  },
  {
    name: 'agentStatusChange',
    source: 'engine',
    payload: [
      field('status', 'enum', { values: agentStatusValues }),
      field('previous', 'enum', { values: agentStatusValues }),
      field('reason_id', 'string', { nullable: true }),
      field('status_since', 'string'),
      field('acw_until', 'string', { nullable: true }),
    ],
    description: 'softphone.event.agentStatusChange',
  },
  {
    name: 'callTypeChange',
    source: 'engine',
    payload: [field('call_id', 'string'), field('call_type', 'enum', { values: callTypes })],
    description: 'softphone.event.callTypeChange',
  },
  {
    name: 'callStatusChange',
    source: 'engine',
    payload: [
      field('call_id', 'string'),
      field('call_status', 'enum', { values: callStatuses }),
      field('previous', 'enum', { values: callStatuses, nullable: true }),
    ],
    description: 'softphone.event.callStatusChange',
  },
  {
    name: 'callDataChange',
    source: 'engine',
    payload: [field('call_id', 'string'), field('call', 'object')],
    description: 'softphone.event.callDataChange',
  },
  {
    name: 'aboutToHangUp',
    source: 'engine',
    payload: [field('call_id', 'string')],
    description: 'softphone.event.aboutToHangUp',
  },
  { name: 'afterCallWorkEnded', source: 'engine', payload: [], description: 'softphone.event.afterCallWorkEnded' },
  {
    name: 'externalTransferSuccess',
    source: 'engine',
    payload: [field('call_id', 'string'), field('number', 'string')],
    description: 'softphone.event.externalTransferSuccess',
  },
  {
    name: 'monitorStart',
    source: 'engine',
    payload: [field('call_id', 'string'), field('supervisor', 'string')],
    description: 'softphone.event.monitorStart',
  },
  {
    name: 'monitorEnd',
    source: 'engine',
    payload: [field('call_id', 'string'), field('supervisor', 'string')],
    description: 'softphone.event.monitorEnd',
  },
  {
    name: 'insertionStart',
    source: 'engine',
    payload: [field('call_id', 'string'), field('supervisor', 'string')],
    description: 'softphone.event.insertionStart',
  },
  {
    name: 'displayNumberChange',
    source: 'engine',
    payload: [field('display_number', 'string', { nullable: true })],
    description: 'softphone.event.displayNumberChange',
  },
  {
    name: 'loginAuthFailed',
    source: 'phone',
    payload: [field('code', 'number'), field('message', 'string')],
    description: 'softphone.event.loginAuthFailed',
  },
  {
    name: 'tenantInfoChange',
    source: 'engine',
    payload: [field('tenant', 'object')],
    description: 'softphone.event.tenantInfoChange',
  },
  {
    name: 'rtcSignal',
    source: 'engine',
    payload: [field('call_id', 'string'), field('from', 'string'), field('signal', 'object')],
    description: 'softphone.event.rtcSignal',
  },
  {
    name: 'interruptionCancelled',
    source: 'engine',
    payload: [field('missed_events', 'number')],
    description: 'softphone.event.interruptionCancelled',
  },
];

export type MethodName = (typeof methods)[number]['name'];
export const engineMethods = methods.filter((m) => m.target === 'engine');
export const methodByName = new Map(methods.map((m) => [m.name, m]));
export const eventNames = new Set(events.map((e) => e.name));
