import { describe, expect, it } from 'vitest';
import { methodByName } from '@open/protocol/softphone/catalogue';
import { buildMethodParams, readObject, readValue } from './method-params';

const paramsOf = (name: string) => methodByName.get(name)?.params ?? [];

describe('readValue', () => {
  it('reads each type, and says why it cannot', () => {
    expect(readValue('string', ' 42 ')).toEqual({ value: ' 42 ' });
    expect(readValue('number', '42.5')).toEqual({ value: 42.5 });
    expect(readValue('number', '')).toEqual({ problem: 'notNumber' });
    expect(readValue('number', 'forty')).toEqual({ problem: 'notNumber' });
    expect(readValue('boolean', 'true')).toEqual({ value: true });
    expect(readValue('boolean', ' false ')).toEqual({ value: false });
    expect(readValue('boolean', 'yes')).toEqual({ problem: 'notBoolean' });
    expect(readValue('json', '{"a":[1]}')).toEqual({ value: { a: [1] } });
    expect(readValue('json', '{a:1}')).toEqual({ problem: 'notJson' });
  });

  it('reads an object field only as an object', () => {
    expect(readObject('{"type":"offer"}')).toEqual({ value: { type: 'offer' } });
    expect(readObject('[1]')).toEqual({ problem: 'notObject' });
    expect(readObject('null')).toEqual({ problem: 'notObject' });
    expect(readObject('nope')).toEqual({ problem: 'notJson' });
  });
});

describe('buildMethodParams', () => {
  it('leaves out empty optional fields, so the method takes its defaults', () => {
    expect(buildMethodParams(paramsOf('setAgentStatus'), { status: 'busy', reason_id: '' })).toEqual({
      status: 'busy',
    });
    expect(buildMethodParams(paramsOf('getCallRecords'), { limit: null })).toEqual({});
    expect(buildMethodParams(paramsOf('getCallRecords'), { limit: 5 })).toEqual({ limit: 5 });
  });

  it('parses object fields typed as JSON', () => {
    expect(buildMethodParams(paramsOf('rtcSignal'), { call_id: 'c1', signal: '{"type":"offer","sdp":"v=0"}' })).toEqual(
      {
        call_id: 'c1',
        signal: { type: 'offer', sdp: 'v=0' },
      },
    );
  });

  it('adds the extra rows with their chosen types, skipping unfinished ones', () => {
    expect(
      buildMethodParams(paramsOf('dialOut'), { number: '13800138000' }, [
        { name: 'priority', type: 'number', value: '3' },
        { name: 'urgent', type: 'boolean', value: 'true' },
        { name: 'note', type: 'string', value: 'hi' },
        { name: 'meta', type: 'json', value: '{"a":1}' },
        { name: 'untyped', value: 'x' },
        { type: 'string', value: 'nameless' },
      ]),
    ).toEqual({ number: '13800138000', priority: 3, urgent: true, note: 'hi', meta: { a: 1 } });
  });
});
