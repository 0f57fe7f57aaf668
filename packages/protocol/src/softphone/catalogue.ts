/**
 * The softphone's catalogue (spec §3, §4; DESIGN §8): its init parameters, methods and events as
 * plain data, defined once. The SDK validates against it, the engine answers the methods that
 * reach it, the demo page builds its forms from it and the reference documentation is generated
 * from it, so none of them can drift. Descriptions are message keys of the `softphone` namespace.
 */
// Type only: what is inside each object (shapes.ts) stays out of the SDK's bundle.
import type { ShapeName } from './shape-names.js';
import { langCodes } from '../locales.js';

/** `record`: a call's attached data, string keys to string values, bounded by `attachedDataLimits`. */
export type ParamType = 'string' | 'boolean' | 'number' | 'enum' | 'object' | 'record';

export interface ParamDefinition {
  readonly name: string;
  readonly type: ParamType;
  readonly required: boolean;
  /** Absent: no default (required, or optional without one). */
  readonly default?: string | boolean | number;
  /** For `enum`: the values allowed. */
  readonly values?: readonly string[];
  /** For `string`: the longest value; for `number`: the largest. */
  readonly max?: number;
  /** For `number`: the smallest value. */
  readonly min?: number;
  /** The value may be null (an event field with nothing to say, such as no reason). */
  readonly nullable?: boolean;
  /** For `object`: what is in it (shapes.ts), for the declarations and the reference. */
  readonly shape?: ShapeName;
  /** For `string`: an http(s) address (web-address.ts); '' still means "not given" when optional. */
  readonly webAddress?: boolean;
  /** An event field holding a list of such values. */
  readonly list?: boolean;
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
  /** What its Promise resolves with (shapes.ts). */
  readonly result: ShapeName;
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
  extra: Partial<
    Pick<ParamDefinition, 'default' | 'values' | 'max' | 'min' | 'shape' | 'description' | 'webAddress'>
  > = {},
): ParamDefinition => ({ name, type, required, description: `softphone.param.${name}`, ...extra });

const field = (
  name: string,
  type: ParamType,
  extra: Partial<Pick<ParamDefinition, 'values' | 'nullable' | 'shape' | 'list'>> = {},
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
export const phonePages = ['dialpad', 'records', 'directory', 'robot', 'devices'] as const;
/** The audio devices an agent chooses (frame/media/devices.ts): what setDevices sets and devicesChange says was lost. */
export const deviceKinds = ['microphone', 'speaker', 'ringer'] as const;
/** How a call reached the agent who has it now, when another agent passed it on. */
export const transferKinds = ['blind', 'consult', 'queue', 'returned'] as const;
/**
 * What became of a call an agent passed on: answered by the colleague, sent back to the queue
 * or to the transferring agent after nobody answered, or ended (the caller hung up meanwhile).
 */
export const transferOutcomes = ['answered', 'queued', 'returned', 'ended'] as const;
/**
 * Why the phone's session ended (the event sessionEnded): signed out (the grace period passed, or
 * the session is gone), the server restarted without it (a one-node call centre keeps no session
 * across a restart), the agent disabled, the token or session refused, or the page's destroy().
 * A take-over by another tab is its own event, takenOver: that session goes on elsewhere.
 */
export const sessionEndReasons = ['signedOut', 'serverRestarted', 'disabled', 'tokenRefused', 'destroyed'] as const;

/** A phone number as a person types it: digits, optionally a leading +, at most 32 characters. */
export const PHONE_NUMBER_PATTERN = /^\+?[0-9]{1,31}$/;

/**
 * The numbering rule (docs/CTI.md): a number that is an extension of the tenant is always a
 * colleague; any other number of 3 to 6 digits without a + is an extension nobody holds; only
 * longer numbers, or ones with a leading +, go out to the telephone network.
 */
export const EXTENSION_PATTERN = /^[0-9]{3,6}$/;

/** DTMF digits a call may send at once (RFC 4733 events 0-9, *, #). */
export const DTMF_PATTERN = /^[0-9*#]{1,32}$/;

/** A call's attached data (screen-pop context): bounded so it fits every event and record. */
export const attachedDataLimits = { keys: 20, keyLength: 64, valueLength: 1024 } as const;

export const wrapUpLimits = {
  /** A wrap-up's note, in characters: a line or two for the records, not the call's transcript. */
  note: 500,
  /** Codes a tenant may have: a list an agent picks from in seconds stays short. */
  codes: 50,
} as const;

const callId = param('call_id', 'string', false, { max: 64 });
const attachedData = param('data', 'record', false, { description: 'softphone.param.attachedData' });

/** The init parameters of spec §3, in its order. */
export const initParams: readonly ParamDefinition[] = [
  param('serverUrl', 'string', true, { max: 2048, webAddress: true }),
  param('token', 'string', true, { max: 4096 }),
  param('mini', 'boolean', false, { default: false }),
  param('assistantRobot', 'boolean', false, { default: false }),
  // One of the interface languages: anything else would leave a phone with no words to show.
  param('lang', 'enum', false, { values: langCodes }),
  param('statusBar', 'boolean', false, { default: true }),
  param('dialPad', 'boolean', false, { default: true }),
  param('internalCall', 'boolean', false, { default: true }),
  param('volteVideo', 'boolean', false, { default: false }),
  param('visible', 'boolean', false, { default: true }),
  // Issue #25: an incoming call rings (ringer.ts in the phone's frame).
  param('ringtone', 'boolean', false, { default: true }),
  param('ringtoneUrl', 'string', false, { max: 2048, webAddress: true }),
  param('notifications', 'boolean', false, { default: true }),
  // Issue #41: what the SDK writes to the console (its log is kept for exportLog() whatever the level).
  param('logLevel', 'enum', false, { values: ['silent', 'error', 'warn', 'info', 'debug'], default: 'warn' }),
];

/** The methods of spec §4, in its order, then the engine's own. */
export const methods: readonly MethodDefinition[] = [
  {
    name: 'setPhoneVisible',
    target: 'phone',
    params: [param('visible', 'boolean', true, { description: 'softphone.param.visibleNow' })],
    description: 'softphone.method.setPhoneVisible',
    result: 'PhoneVisibility',
  },
  {
    name: 'goToPage',
    target: 'phone',
    params: [param('page', 'enum', true, { values: phonePages })],
    description: 'softphone.method.goToPage',
    result: 'EmptyResult',
  },
  { name: 'getDevices', target: 'phone', params: [], description: 'softphone.method.getDevices', result: 'DeviceList' },
  {
    name: 'setDevices',
    target: 'phone',
    // '' is the browser's default; a parameter left out keeps its device.
    params: deviceKinds.map((kind) =>
      param(kind, 'string', false, { max: 256, description: `softphone.param.device.${kind}` }),
    ),
    description: 'softphone.method.setDevices',
    result: 'DeviceList',
  },
  {
    name: 'login',
    target: 'engine',
    params: [
      param('status', 'enum', false, { values: ['idle', 'busy'], default: 'idle' }),
      param('reason_id', 'string', false, { max: 64 }),
    ],
    description: 'softphone.method.login',
    result: 'AgentState',
  },
  { name: 'logout', target: 'engine', params: [], description: 'softphone.method.logout', result: 'AgentState' },
  {
    name: 'setAgentStatus',
    target: 'engine',
    params: [
      param('status', 'enum', true, { values: ['idle', 'busy'] }),
      param('reason_id', 'string', false, { max: 64 }),
    ],
    description: 'softphone.method.setAgentStatus',
    result: 'AgentState',
  },
  {
    name: 'dialOut',
    target: 'engine',
    params: [
      param('number', 'string', true, { max: 32 }),
      attachedData,
      param('internal', 'boolean', false, { default: true, description: 'softphone.param.internal' }),
    ],
    description: 'softphone.method.dialOut',
    result: 'Call',
  },
  { name: 'answer', target: 'engine', params: [callId], description: 'softphone.method.answer', result: 'Call' },
  { name: 'hangUp', target: 'engine', params: [callId], description: 'softphone.method.hangUp', result: 'Call' },
  { name: 'mute', target: 'engine', params: [callId], description: 'softphone.method.mute', result: 'Call' },
  { name: 'unmute', target: 'engine', params: [callId], description: 'softphone.method.unmute', result: 'Call' },
  { name: 'pause', target: 'engine', params: [callId], description: 'softphone.method.pause', result: 'Call' },
  { name: 'unpause', target: 'engine', params: [callId], description: 'softphone.method.unpause', result: 'Call' },
  {
    name: 'transferExternal',
    target: 'engine',
    params: [
      param('number', 'string', true, { max: 32 }),
      callId,
      param('internal', 'boolean', false, { default: true, description: 'softphone.param.internal' }),
    ],
    description: 'softphone.method.transferExternal',
    result: 'TransferResult',
  },
  {
    name: 'consultTransfer',
    target: 'engine',
    params: [param('number', 'string', true, { max: 32, description: 'softphone.param.extension' }), callId],
    description: 'softphone.method.consultTransfer',
    result: 'Call',
  },
  {
    name: 'completeTransfer',
    target: 'engine',
    params: [callId],
    description: 'softphone.method.completeTransfer',
    result: 'Call',
  },
  {
    name: 'cancelTransfer',
    target: 'engine',
    params: [callId],
    description: 'softphone.method.cancelTransfer',
    result: 'Call',
  },
  {
    name: 'transferToQueue',
    target: 'engine',
    params: [callId],
    description: 'softphone.method.transferToQueue',
    result: 'CallRef',
  },
  {
    name: 'sendDtmf',
    target: 'engine',
    params: [param('digits', 'string', true, { max: 32 }), callId],
    description: 'softphone.method.sendDtmf',
    result: 'DtmfResult',
  },
  {
    // Issue #41: a CRM changes the screen-pop context while the call goes on (a ticket opened, say).
    name: 'setCallData',
    target: 'engine',
    params: [
      param('data', 'record', true, { description: 'softphone.param.callData' }),
      param('replace', 'boolean', false, { default: false }),
      callId,
    ],
    description: 'softphone.method.setCallData',
    result: 'Call',
  },
  {
    // Issue #41: what became of the call (a disposition), for the records and the CRM's back end.
    name: 'setWrapUp',
    target: 'engine',
    params: [
      param('code_id', 'string', true, { max: 64 }),
      param('note', 'string', false, { max: wrapUpLimits.note, description: 'softphone.param.wrapUpNote' }),
      param('call_id', 'string', false, { max: 64, description: 'softphone.param.wrapUpCallId' }),
    ],
    description: 'softphone.method.setWrapUp',
    result: 'WrapUpResult',
  },
  {
    name: 'setDisplayNumber',
    target: 'engine',
    params: [param('number', 'string', true, { max: 32, description: 'softphone.param.displayNumber' })],
    description: 'softphone.method.setDisplayNumber',
    result: 'AgentState',
  },
  { name: 'getState', target: 'engine', params: [], description: 'softphone.method.getState', result: 'PhoneState' },
  {
    name: 'getCallRecords',
    target: 'engine',
    params: [param('limit', 'number', false, { default: 20, min: 1, max: 100 })],
    description: 'softphone.method.getCallRecords',
    result: 'CallRecordList',
  },
  {
    name: 'getColleagues',
    target: 'engine',
    params: [],
    description: 'softphone.method.getColleagues',
    result: 'ColleagueList',
  },
  {
    name: 'monitor',
    target: 'engine',
    role: 'supervisor',
    params: [param('agent_id', 'string', true, { max: 64 })],
    description: 'softphone.method.monitor',
    result: 'Call',
  },
  {
    name: 'insert',
    target: 'engine',
    role: 'supervisor',
    params: [param('agent_id', 'string', true, { max: 64 })],
    description: 'softphone.method.insert',
    result: 'Call',
  },
  {
    name: 'stopMonitor',
    target: 'engine',
    role: 'supervisor',
    params: [param('agent_id', 'string', true, { max: 64 })],
    description: 'softphone.method.stopMonitor',
    result: 'Call',
  },
  {
    name: 'rtcSignal',
    target: 'engine',
    params: [
      param('call_id', 'string', true, { max: 64, description: 'softphone.param.rtcCallId' }),
      param('signal', 'object', true, { shape: 'WebRtcSignal' }),
      param('to', 'string', false, { max: 64, description: 'softphone.param.rtcTo' }),
    ],
    description: 'softphone.method.rtcSignal',
    result: 'EmptyResult',
  },
  {
    // Issue #41: the next login token, when tokenWillExpire asks for it. The phone has the server
    // check it against the session (same agent, not expired) and keeps it for what needs a live
    // token: taking the agent back from another tab.
    name: 'updateToken',
    target: 'phone',
    params: [param('token', 'string', true, { max: 4096, description: 'softphone.param.nextToken' })],
    description: 'softphone.method.updateToken',
    result: 'TokenState',
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
    payload: [field('agent', 'object', { shape: 'AgentState' })],
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
    payload: [field('call_id', 'string'), field('call', 'object', { shape: 'Call' })],
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
    name: 'wrapUpChange',
    source: 'engine',
    payload: [field('call_id', 'string'), field('wrap_up', 'object', { shape: 'WrapUp' })],
    description: 'softphone.event.wrapUpChange',
  },
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
    payload: [field('tenant', 'object', { shape: 'TenantInfo' })],
    description: 'softphone.event.tenantInfoChange',
  },
  {
    name: 'rtcSignal',
    source: 'engine',
    payload: [
      field('call_id', 'string'),
      field('from', 'string'),
      field('signal', 'object', { shape: 'WebRtcSignal' }),
    ],
    description: 'softphone.event.rtcSignal',
  },
  {
    name: 'callMissed',
    source: 'engine',
    payload: [
      field('call_id', 'string'),
      field('caller', 'string'),
      field('reason', 'enum', { values: ['noAnswer', 'cancelled'] }),
    ],
    description: 'softphone.event.callMissed',
  },
  {
    name: 'transferOutcome',
    source: 'engine',
    payload: [
      field('call_id', 'string'),
      field('number', 'string'),
      field('kind', 'enum', { values: transferKinds }),
      field('outcome', 'enum', { values: transferOutcomes }),
    ],
    description: 'softphone.event.transferOutcome',
  },
  {
    name: 'dtmfReceived',
    source: 'engine',
    payload: [field('call_id', 'string'), field('digits', 'string'), field('from', 'string')],
    description: 'softphone.event.dtmfReceived',
  },
  {
    name: 'interruptionCancelled',
    source: 'engine',
    payload: [field('missed_events', 'number')],
    description: 'softphone.event.interruptionCancelled',
  },
  // Where the phone stands (DESIGN §7): raised by the phone, so the host page knows without asking.
  {
    name: 'connectionLost',
    source: 'phone',
    payload: [field('at', 'string'), field('active_calls', 'number'), field('grace_ms', 'number')],
    description: 'softphone.event.connectionLost',
  },
  {
    name: 'reconnecting',
    source: 'phone',
    payload: [field('attempt', 'number'), field('delay_ms', 'number')],
    description: 'softphone.event.reconnecting',
  },
  {
    name: 'connectionRestored',
    source: 'phone',
    payload: [field('attempt', 'number'), field('missed_events', 'number'), field('offline_ms', 'number')],
    description: 'softphone.event.connectionRestored',
  },
  {
    name: 'sessionEnded',
    source: 'phone',
    payload: [
      // Its own description: `reason` here is why a session ended, not why a call was missed.
      { ...field('reason', 'enum', { values: sessionEndReasons }), description: 'softphone.field.endReason' },
      field('code', 'number'),
      field('message', 'string'),
    ],
    description: 'softphone.event.sessionEnded',
  },
  { name: 'takenOver', source: 'phone', payload: [], description: 'softphone.event.takenOver' },
  // The browser's devices changed (plugged in, unplugged) or the agent chose others.
  {
    name: 'devicesChange',
    source: 'phone',
    payload: [
      field('devices', 'object', { shape: 'DeviceList' }),
      field('lost', 'enum', { values: deviceKinds, list: true }),
    ],
    description: 'softphone.event.devicesChange',
  },
  // From the live call's own statistics (quality/thresholds.ts says when), as the phone warns the agent.
  {
    name: 'callQualityChange',
    source: 'phone',
    payload: [field('call_id', 'string'), field('quality', 'object', { shape: 'CallQuality' })],
    description: 'softphone.event.callQualityChange',
  },
  {
    name: 'takenBack',
    source: 'phone',
    payload: [field('agent', 'object', { shape: 'PhoneState' })],
    description: 'softphone.event.takenBack',
  },
  // Issue #41: the phone's login token is about to expire; the page answers with updateToken.
  {
    name: 'tokenWillExpire',
    source: 'phone',
    payload: [field('token_expires_at', 'string'), field('seconds_left', 'number')],
    description: 'softphone.event.tokenWillExpire',
  },
];

export type MethodName = (typeof methods)[number]['name'];
export const engineMethods = methods.filter((m) => m.target === 'engine');
export const methodByName = new Map(methods.map((m) => [m.name, m]));
export const eventNames = new Set(events.map((e) => e.name));
