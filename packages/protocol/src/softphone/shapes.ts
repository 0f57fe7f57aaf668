/**
 * The objects the softphone hands an integrator (an event's `agent`, `call` or `tenant`, a
 * method's result), as plain data. The catalogue names them (`shape` on an object field,
 * `result` on a method); this module says what is inside, for the SDK's declarations
 * (softphone.d.ts) and the reference pages. The SDK itself never imports it: the loader checks
 * what it is given, not what it receives, and stays small.
 *
 * Each shape is what the engine really sends (AgentState and TenantInfo in cti/protocol.ts,
 * CallView and CallRecord in the server's call desk, getColleagues and getCallRecords in its
 * host's methods); a server test holds the engine's answers to these definitions.
 */
import { agentRoles } from '../cti/protocol.js';
import { agentStatusValues, callStatuses, callTypes, deviceKinds, transferKinds, type ParamType } from './catalogue.js';
import type { ShapeName } from './shape-names.js';
import { verdicts } from '../quality/e-model.js';
import { qualityWarnings } from '../quality/thresholds.js';

/** The names of the shapes: what `shape` and `result` in the catalogue may say. */
export type { ShapeName };

export interface ShapeField {
  readonly name: string;
  readonly type: ParamType;
  /** For `enum`: the values it takes. */
  readonly values?: readonly string[];
  /** For `object`: the shape of the object. */
  readonly shape?: ShapeName;
  /** An array of such values. */
  readonly list?: boolean;
  /** The value may be null. */
  readonly nullable?: boolean;
  /** The field may be absent (only where the object is a union of kinds, such as an RTC signal). */
  readonly optional?: boolean;
  readonly description: `softphone.${string}`;
}

export interface ShapeDefinition {
  readonly description: `softphone.${string}`;
  /** A shape whose fields come first (PhoneState is an AgentState with its calls). */
  readonly extends?: ShapeName;
  readonly fields: readonly ShapeField[];
}

/** How a call ended; `cancelled`: the caller hung up before it was answered. */
export const callOutcomes = [
  'completed',
  'busy',
  'noAnswer',
  'rejected',
  'cancelled',
  'abandoned',
  'transferred',
  'agentLost',
  'failed',
] as const;
/**
 * Why a call ended that nobody hung up (its outcome `failed`): `mediaLost`, the media relay lost
 * its audio (the relay died, or dropped the call); `farEndSilent`, the other side of a trunk call
 * sent no audio for the trunk's limit (a carrier gone without a BYE); `farEndGone`, the carrier
 * answered a check in the call's dialog that it no longer knows the call (481).
 */
export const callEndReasons = ['mediaLost', 'farEndSilent', 'farEndGone'] as const;
export const supervisorModes = ['monitor', 'insert'] as const;
/** `offerRequest`: the relay asks the phone to offer, on a trunk call that came in without SDP (a delayed offer). */
export const rtcSignalTypes = ['offer', 'answer', 'candidate', 'offerRequest'] as const;

type FieldExtra = Partial<Omit<ShapeField, 'name' | 'type'>>;

/** A field described by `softphone.field.<name>` unless it says otherwise. */
const field = (name: string, type: ParamType, extra: FieldExtra = {}): ShapeField => ({
  name,
  type,
  description: `softphone.field.${name}`,
  ...extra,
});
const text = (name: string, extra: FieldExtra = {}) => field(name, 'string', extra);
const maybeText = (name: string, extra: FieldExtra = {}) => field(name, 'string', { nullable: true, ...extra });
const object = (name: string, shape: ShapeName, extra: FieldExtra = {}) => field(name, 'object', { shape, ...extra });

const agentName = text('name', { description: 'softphone.field.agentName' });
const agentStatus = field('status', 'enum', { values: agentStatusValues, description: 'softphone.field.agentStatus' });
const role = field('role', 'enum', { values: agentRoles });
const callType = field('call_type', 'enum', { values: callTypes });
const callStatus = field('call_status', 'enum', { values: callStatuses });
const endReason = field('end_reason', 'enum', {
  values: callEndReasons,
  nullable: true,
  description: 'softphone.field.callEndReason',
});

export const shapes: Readonly<Record<ShapeName, ShapeDefinition>> = {
  AgentState: {
    description: 'softphone.shape.AgentState',
    fields: [
      text('agent_id'),
      text('tenant_id'),
      agentName,
      maybeText('extension'),
      role,
      field('assistant_robot', 'boolean'),
      agentStatus,
      maybeText('reason_id'),
      text('status_since'),
      maybeText('acw_until'),
      maybeText('display_number'),
    ],
  },
  PhoneState: {
    description: 'softphone.shape.PhoneState',
    extends: 'AgentState',
    fields: [object('calls', 'Call', { list: true })],
  },
  TenantInfo: {
    description: 'softphone.shape.TenantInfo',
    fields: [
      text('tenant_id'),
      text('name', { description: 'softphone.field.tenantName' }),
      text('default_lang'),
      object('not_ready_reasons', 'NotReadyReason', { list: true }),
      text('display_numbers', { list: true }),
      field('acw_seconds', 'number'),
      object('wrap_up_codes', 'WrapUpCode', { list: true }),
    ],
  },
  NotReadyReason: {
    description: 'softphone.shape.NotReadyReason',
    fields: [
      text('id', { description: 'softphone.field.notReadyReasonId' }),
      text('name', { description: 'softphone.field.reasonName' }),
    ],
  },
  WrapUpCode: {
    description: 'softphone.shape.WrapUpCode',
    fields: [
      text('id', { description: 'softphone.field.wrapUpCodeId' }),
      text('name', { description: 'softphone.field.wrapUpCodeName' }),
    ],
  },
  WrapUp: {
    description: 'softphone.shape.WrapUp',
    fields: [
      text('code_id'),
      text('name', { description: 'softphone.field.wrapUpCodeName' }),
      maybeText('note', { description: 'softphone.field.wrapUpNote' }),
      text('set_at'),
    ],
  },
  Call: {
    description: 'softphone.shape.Call',
    fields: [
      text('call_id'),
      callType,
      callStatus,
      text('caller'),
      text('callee'),
      maybeText('display_number', { description: 'softphone.field.callDisplayNumber' }),
      text('created_at'),
      maybeText('answered_at'),
      maybeText('ended_at'),
      field('outcome', 'enum', { values: callOutcomes, nullable: true, description: 'softphone.field.callOutcome' }),
      endReason,
      field('muted', 'boolean'),
      field('held', 'boolean'),
      object('peer', 'CallPeer', { nullable: true }),
      object('supervisors', 'CallSupervisor', { list: true }),
      field('attached_data', 'record'),
      object('transfer', 'CallTransfer', { nullable: true }),
      maybeText('consult_of'),
      maybeText('trunk'),
      field('connecting', 'boolean'),
    ],
  },
  CallPeer: {
    description: 'softphone.shape.CallPeer',
    fields: [text('agent_id'), agentName, maybeText('extension')],
  },
  CallSupervisor: {
    description: 'softphone.shape.CallSupervisor',
    fields: [text('agent_id'), agentName, field('mode', 'enum', { values: supervisorModes })],
  },
  CallTransfer: {
    description: 'softphone.shape.CallTransfer',
    fields: [
      field('kind', 'enum', { values: transferKinds }),
      text('from_agent_id'),
      text('from_name'),
      maybeText('from_extension'),
    ],
  },
  Colleague: {
    description: 'softphone.shape.Colleague',
    fields: [
      text('agent_id'),
      agentName,
      maybeText('extension'),
      role,
      agentStatus,
      field('in_call', 'boolean'),
      object('call', 'ColleagueCall', { nullable: true, description: 'softphone.field.colleagueCall' }),
    ],
  },
  ColleagueCall: {
    description: 'softphone.shape.ColleagueCall',
    fields: [
      text('call_id'),
      callType,
      callStatus,
      text('caller'),
      text('callee'),
      text('created_at'),
      maybeText('answered_at'),
    ],
  },
  ColleagueList: {
    description: 'softphone.shape.ColleagueList',
    fields: [object('list', 'Colleague', { list: true, description: 'softphone.field.colleagueList' })],
  },
  CallRecord: {
    description: 'softphone.shape.CallRecord',
    fields: [
      text('call_id'),
      callType,
      text('caller'),
      text('callee'),
      maybeText('display_number', { description: 'softphone.field.callDisplayNumber' }),
      text('created_at'),
      maybeText('answered_at'),
      text('ended_at', { description: 'softphone.field.recordEndedAt' }),
      field('outcome', 'enum', { values: callOutcomes, description: 'softphone.field.callOutcome' }),
      endReason,
      field('attached_data', 'record'),
      field('duration_seconds', 'number'),
      maybeText('trunk'),
      object('wrap_up', 'WrapUp', { nullable: true }),
    ],
  },
  CallRecordList: {
    description: 'softphone.shape.CallRecordList',
    fields: [object('list', 'CallRecord', { list: true, description: 'softphone.field.recordList' })],
  },
  CallRef: {
    description: 'softphone.shape.CallRef',
    fields: [text('call_id')],
  },
  TransferResult: {
    description: 'softphone.shape.TransferResult',
    fields: [text('call_id'), text('number', { description: 'softphone.field.transferNumber' })],
  },
  DtmfResult: {
    description: 'softphone.shape.DtmfResult',
    fields: [text('call_id'), text('digits')],
  },
  WrapUpResult: {
    description: 'softphone.shape.WrapUpResult',
    fields: [text('call_id'), object('wrap_up', 'WrapUp')],
  },
  PhoneVisibility: {
    description: 'softphone.shape.PhoneVisibility',
    fields: [field('visible', 'boolean')],
  },
  TokenState: {
    description: 'softphone.shape.TokenState',
    fields: [text('token_expires_at'), text('refresh_at')],
  },
  EmptyResult: {
    description: 'softphone.shape.EmptyResult',
    fields: [],
  },
  WebRtcSignal: {
    description: 'softphone.shape.WebRtcSignal',
    fields: [
      field('type', 'enum', { values: rtcSignalTypes, description: 'softphone.field.signalType' }),
      text('sdp', { optional: true }),
      object('candidate', 'IceCandidate', { optional: true }),
      text('epoch', { optional: true, description: 'softphone.field.signalEpoch' }),
    ],
  },
  DeviceList: {
    description: 'softphone.shape.DeviceList',
    fields: [
      object('microphones', 'AudioDevice', { list: true }),
      object('speakers', 'AudioDevice', { list: true, description: 'softphone.field.outputs' }),
      object('selected', 'DeviceChoice'),
      field('output_selection', 'boolean'),
    ],
  },
  AudioDevice: {
    description: 'softphone.shape.AudioDevice',
    fields: [text('device_id'), text('label', { description: 'softphone.field.deviceLabel' })],
  },
  DeviceChoice: {
    description: 'softphone.shape.DeviceChoice',
    fields: deviceKinds.map((kind) => text(kind, { description: `softphone.param.device.${kind}` })),
  },
  CallQuality: {
    description: 'softphone.shape.CallQuality',
    fields: [
      field('warnings', 'enum', { values: qualityWarnings, list: true }),
      field('mos', 'number'),
      field('r', 'number'),
      field('verdict', 'enum', { values: verdicts }),
      field('loss_percent', 'number'),
      field('jitter_ms', 'number'),
      field('rtt_ms', 'number', { nullable: true }),
    ],
  },
  IceCandidate: {
    description: 'softphone.shape.IceCandidate',
    fields: [
      text('candidate', { description: 'softphone.field.candidateLine' }),
      maybeText('sdpMid', { optional: true }),
      field('sdpMLineIndex', 'number', { nullable: true, optional: true }),
      maybeText('usernameFragment', { optional: true }),
    ],
  },
};

/** A shape's fields, those of the shape it extends first. */
export function fieldsOf(name: ShapeName): readonly ShapeField[] {
  const shape = shapes[name];
  return shape.extends === undefined ? shape.fields : [...fieldsOf(shape.extends), ...shape.fields];
}

/** The shapes in the order they are defined above. */
export const shapeNames = Object.keys(shapes) as ShapeName[];

/** What a field says of its values: a shape's field, or a catalogue parameter or payload field. */
type FieldRule = Pick<ShapeField, 'name' | 'type' | 'values' | 'shape' | 'list' | 'nullable' | 'optional'>;

function valueIssues(field: FieldRule, value: unknown, at: string): string[] {
  if (value === null) return field.nullable ? [] : [`${at}: null`];
  if (field.list) {
    if (!Array.isArray(value)) return [`${at}: not a list`];
    return value.flatMap((item: unknown, i) => valueIssues({ ...field, list: false }, item, `${at}[${i}]`));
  }
  switch (field.type) {
    case 'string':
    case 'boolean':
    case 'number':
      return typeof value === field.type ? [] : [`${at}: not a ${field.type}`];
    case 'enum':
      return typeof value === 'string' && (field.values ?? []).includes(value) ? [] : [`${at}: not one of the values`];
    case 'record':
      return typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.values(value).every((v) => typeof v === 'string')
        ? []
        : [`${at}: not a record of texts`];
    case 'object':
      return field.shape === undefined ? [] : shapeIssues(field.shape, value, at);
  }
}

/**
 * What in `value` differs from an object of these fields: a field missing, one not among them,
 * or one of another type, each as `path: why`. Empty when it matches.
 */
export function fieldsIssues(fields: readonly FieldRule[], value: unknown, at: string): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: not an object`];
  const given = value as Record<string, unknown>;
  const known = new Set(fields.map((f) => f.name));
  return [
    ...Object.keys(given)
      .filter((key) => !known.has(key))
      .map((key) => `${at}.${key}: not in the shape`),
    ...fields.flatMap((f) => {
      if (!Object.hasOwn(given, f.name)) return f.optional ? [] : [`${at}.${f.name}: missing`];
      return valueIssues(f, given[f.name], `${at}.${f.name}`);
    }),
  ];
}

/**
 * What in `value` differs from the shape `name` (see fieldsIssues). For tests that hold what the
 * engine sends to what the declarations promise.
 */
export function shapeIssues(name: ShapeName, value: unknown, at: string = name): string[] {
  return fieldsIssues(fieldsOf(name), value, at);
}
