import { describe, expect, it } from 'vitest';
import en from '../messages/softphone/en.js';
import { events, initParams, methods, type ParamDefinition } from './catalogue.js';
import { fieldsOf, shapeIssues, shapeNames, shapes, type ShapeField } from './shapes.js';

const known = new Set<string>(shapeNames);
const everyField: { where: string; field: ParamDefinition | ShapeField }[] = [
  ...initParams.map((field) => ({ where: 'init', field })),
  ...methods.flatMap((m) => m.params.map((field) => ({ where: m.name, field }))),
  ...events.flatMap((e) => e.payload.map((field) => ({ where: e.name, field }))),
  ...shapeNames.flatMap((name) => shapes[name].fields.map((field) => ({ where: name, field }))),
];

describe('the shapes of what the softphone hands over', () => {
  it('name a shape for every object, and only for objects, so nothing is declared as unknown', () => {
    for (const { where, field } of everyField) {
      const label = `${where}.${field.name}`;
      if (field.type === 'object') expect(known.has(field.shape ?? ''), label).toBe(true);
      else expect(field.shape, label).toBeUndefined();
      if (field.type === 'enum') expect(field.values?.length, label).toBeGreaterThan(0);
    }
  });

  it('give every method a result that is a shape', () => {
    for (const method of methods) expect(known.has(method.result), method.name).toBe(true);
  });

  it('describe every shape and field in the softphone namespace', () => {
    for (const name of shapeNames) {
      expect(en, name).toHaveProperty([shapes[name].description]);
      for (const field of shapes[name].fields) expect(en, `${name}.${field.name}`).toHaveProperty([field.description]);
    }
  });

  it('extend only shapes that exist, without repeating a field', () => {
    for (const name of shapeNames) {
      const base = shapes[name].extends;
      if (base !== undefined) expect(known.has(base), name).toBe(true);
      const names = fieldsOf(name).map((f) => f.name);
      expect(new Set(names).size, name).toBe(names.length);
    }
  });
});

describe('shapeIssues', () => {
  const call = {
    call_id: 'c1',
    call_type: 'internal',
    call_status: 'talking',
    caller: '8001',
    callee: '8002',
    display_number: null,
    created_at: '2026-01-01T00:00:00.000Z',
    answered_at: '2026-01-01T00:00:05.000Z',
    ended_at: null,
    outcome: null,
    end_reason: null,
    muted: false,
    held: false,
    peer: { agent_id: 'a2', name: 'Wang Fang', extension: '8002' },
    supervisors: [{ agent_id: 's1', name: 'Zhao Lei', mode: 'monitor' }],
    attached_data: { order: '42' },
    transfer: null,
    consult_of: null,
    trunk: null,
    connecting: false,
  };

  it('finds nothing in a value of the shape, nested objects and lists included', () => {
    expect(shapeIssues('Call', call)).toEqual([]);
    expect(shapeIssues('WebRtcSignal', { type: 'offer', sdp: 'v=0' })).toEqual([]);
  });

  it('names each field missing, unknown, of another type, or null where it may not be', () => {
    const withoutCaller: Partial<typeof call> = { ...call };
    delete withoutCaller.caller;
    expect(
      shapeIssues('Call', {
        ...withoutCaller,
        extra: 1,
        muted: 'no',
        call_status: 'gone',
        created_at: null,
        supervisors: [{ agent_id: 's1', name: 'Zhao Lei', mode: 'shout' }],
        attached_data: { order: 42 },
      }),
    ).toEqual([
      'Call.extra: not in the shape',
      'Call.call_status: not one of the values',
      'Call.caller: missing',
      'Call.created_at: null',
      'Call.muted: not a boolean',
      'Call.supervisors[0].mode: not one of the values',
      'Call.attached_data: not a record of texts',
    ]);
    expect(shapeIssues('PhoneState', null)).toEqual(['PhoneState: not an object']);
  });
});
