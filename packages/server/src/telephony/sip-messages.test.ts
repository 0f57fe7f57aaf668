import { makeResponse, type SipRequest } from 'sip';
import { describe, expect, it } from 'vitest';
import { presentedNumber } from './telephony.service.js';
import {
  isAllowedSource,
  localUri,
  outcomeOfFinal,
  outcomeOfStatus,
  plainNumber,
  sipUser,
  trunkUri,
  userOf,
} from './sip-messages.js';

describe('SIP addresses', () => {
  it("keep a number's + as it is and escape what a SIP user part may not hold", () => {
    expect(sipUser('+8613800000001')).toBe('+8613800000001');
    expect(sipUser('a b@c')).toBe('a%20b%40c');
    expect(trunkUri({ host: 'sip.carrier.example', port: 5060, transport: 'udp' }, '+861')).toBe(
      'sip:+861@sip.carrier.example:5060',
    );
    expect(trunkUri({ host: '2001:db8::1', port: 5080, transport: 'tcp' }, '100')).toBe(
      'sip:100@[2001:db8::1]:5080;transport=tcp',
    );
    expect(localUri('192.0.2.10', 5060, 'callcentre', 'udp')).toBe('sip:callcentre@192.0.2.10:5060');
  });

  it('read the user of a URI, unescaped, or nothing', () => {
    expect(userOf('sip:+862100000000@10.0.0.1:5060;transport=udp')).toBe('+862100000000');
    expect(userOf('sip:%2B862100000000@10.0.0.1')).toBe('+862100000000');
    // Number portability (RFC 4694): the routing number and the flag are not the number dialled.
    expect(userOf('sip:+862100000000;npdi;rn=+862199990000@10.0.0.1;user=phone')).toBe('+862100000000');
    expect(userOf('sip:+862100000000;rn=+862199990000;npdi@10.0.0.1')).toBe('+862100000000');
    expect(userOf('sip:10.0.0.1;transport=udp')).toBe('');
    expect(userOf('sip:10.0.0.1')).toBe('');
    expect(userOf('tel:+862100000000')).toBe('');
    expect(userOf('sip:%E0%A4%A@x')).toBe('%E0%A4%A');
  });

  it('compare numbers without spaces, separators or a leading +', () => {
    expect(plainNumber('+86 (21) 0000-0000')).toBe('862100000000');
    expect(plainNumber('+86.21.0000.0000')).toBe('862100000000');
  });
});

describe('what a refusal of our INVITE means', () => {
  it.each([
    [486, 'busy'],
    [600, 'busy'],
    [480, 'noAnswer'],
    [408, 'noAnswer'],
    [603, 'rejected'],
    [487, 'cancelled'],
    [404, 'failed'],
    [403, 'failed'],
    [503, 'failed'],
  ] as const)('%i is %s', (status, outcome) => {
    expect(outcomeOfStatus(status)).toBe(outcome);
  });
});

describe('a carrier that never answered, told apart from one that answered 408', () => {
  const invite: SipRequest = {
    method: 'INVITE',
    uri: 'sip:13800138001@carrier.example',
    headers: {
      to: { uri: 'sip:13800138001@carrier.example', params: {} },
      from: { uri: 'sip:+861080000001@192.0.2.1', params: { tag: 'ours' } },
      'call-id': 'c1@192.0.2.1',
      cseq: { method: 'INVITE', seq: 1 },
      via: [],
    },
  };
  /** What the carrier sends: its To carries the tag it chose. */
  const fromCarrier = (status: number) => {
    const response = makeResponse(invite, status);
    return { ...response, headers: { ...response.headers, to: { ...invite.headers.to, params: { tag: 'theirs' } } } };
  };
  it("fails the call on the stack's own 408 after Timer B (made as the sip package makes it): nothing came back", () => {
    expect(outcomeOfFinal(makeResponse(invite, 408), false)).toBe('failed');
  });
  it("is the carrier's no-answer when its 408 carries a tag, or came after a 100 Trying", () => {
    expect(outcomeOfFinal(fromCarrier(408), false)).toBe('noAnswer');
    expect(outcomeOfFinal(makeResponse(invite, 408), true)).toBe('noAnswer');
  });
  it('reads every other final response by its status', () => {
    expect(outcomeOfFinal(fromCarrier(486), false)).toBe('busy');
    expect(outcomeOfFinal(fromCarrier(503), false)).toBe('failed');
  });
});

describe('allowed source addresses', () => {
  const allowed = ['192.0.2.10', '198.51.100.0/24', '2001:db8::/32'];
  it.each([
    ['192.0.2.10', true],
    ['192.0.2.11', false],
    ['198.51.100.200', true],
    ['198.51.101.1', false],
    ['::ffff:198.51.100.7', true],
    ['2001:db8:1::5', true],
    ['2001:db9::5', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isAllowedSource(address, allowed)).toBe(expected);
  });

  it('an empty list lets nobody in', () => {
    expect(isAllowedSource('192.0.2.10', [])).toBe(false);
  });
});

describe('the number an outbound call presents', () => {
  it("is the agent's when the carrier allows it or the trunk lists none, else the trunk's first", () => {
    expect(presentedNumber({ displayNumbers: [] }, '+861080000001')).toBe('+861080000001');
    expect(presentedNumber({ displayNumbers: ['+86 10 8000 0001', '+862100000000'] }, '+861080000001')).toBe(
      '+861080000001',
    );
    expect(presentedNumber({ displayNumbers: ['+862100000000'] }, '+861080000001')).toBe('+862100000000');
    expect(presentedNumber({ displayNumbers: ['+862100000000'] }, '')).toBe('+862100000000');
  });
});
