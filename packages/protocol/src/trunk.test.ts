import { BlockList, isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ipVersion,
  isAllowableSource,
  isSourceAddress,
  isSourceTooBroad,
  isTrunkHost,
  isTrunkUsername,
  numberKey,
  repeatedAt,
  trunkHostConcern,
} from './trunk.js';

/** Text made of what addresses are made of, so the cases land near the edges. */
const addressLike = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF:.'.split('')), maxLength: 45 }),
  // Groups and separators, most of them near a valid IPv6 address.
  fc
    .array(fc.oneof(fc.stringMatching(/^[0-9a-f]{0,5}$/), fc.constant(''), fc.constant('1.2.3.4')), { maxLength: 10 })
    .map((groups) => groups.join(':')),
  fc.array(fc.stringMatching(/^[0-9]{1,4}$/), { minLength: 3, maxLength: 5 }).map((parts) => parts.join('.')),
);

describe('trunk field rules', () => {
  it('knows an IP address exactly as node:net does (zones aside)', () => {
    const known = [
      '192.0.2.1',
      '0.0.0.0',
      '255.255.255.255',
      '::',
      '::1',
      '2001:db8::1',
      '2001:DB8:0:0:0:0:0:1',
      '::ffff:192.0.2.1',
      '1:2:3:4:5:6:7::',
      '::2:3:4:5:6:7:8',
      '1:2:3:4:5:6:1.2.3.4',
    ];
    const refused = ['', '256.0.0.1', '01.2.3.4', '1.2.3', '1.2.3.4.5', ':::', '1::2::3', '1:2:3:4:5:6:7:8:9', '[::1]'];
    for (const text of [...known, ...refused]) expect([text, ipVersion(text)]).toEqual([text, isIP(text)]);
    fc.assert(
      fc.property(addressLike, (text) => {
        expect(ipVersion(text)).toBe(isIP(text));
      }),
      { numRuns: 20_000, seed: 20_261_127 },
    );
  });

  it('takes a source as an address or a CIDR prefix that node:net BlockList takes', () => {
    const taken = ['203.0.113.7', '203.0.113.0/24', '0.0.0.0/0', '2001:db8::/32', '::/0', '2001:db8::1/128'];
    for (const text of taken) {
      expect(isSourceAddress(text)).toBe(true);
      const [address = '', bits] = text.split('/');
      const list = new BlockList();
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      expect(() => {
        if (bits === undefined) list.addAddress(address, type);
        else list.addSubnet(address, Number(bits), type);
      }).not.toThrow();
    }
    for (const text of [
      '10.0.0.300',
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0.0/',
      '10.0.0.0/08',
      'fe80::1%eth0',
      'example.com',
    ]) {
      expect([text, isSourceAddress(text)]).toEqual([text, false]);
    }
  });

  it('refuses as an allowed source a prefix wider than /8 (IPv4) or /32 (IPv6): the internet, not a carrier', () => {
    for (const text of ['0.0.0.0/0', '128.0.0.0/1', '10.0.0.0/7', '::/0', '2000::/3', '2001:db8::/31']) {
      expect([text, isSourceAddress(text), isSourceTooBroad(text), isAllowableSource(text)]).toEqual([
        text,
        true,
        true,
        false,
      ]);
    }
    for (const text of ['10.0.0.0/8', '203.0.113.0/24', '203.0.113.7', '2001:db8::/32', '2001:db8::7', '::1/128']) {
      expect([text, isSourceTooBroad(text), isAllowableSource(text)]).toEqual([text, false, true]);
    }
    expect([isSourceTooBroad('example.com/1'), isAllowableSource('example.com/1')]).toEqual([false, false]);
  });

  it('takes a host as a DNS name or an IP address, without scheme, port or brackets', () => {
    for (const host of [
      'sip.example.com',
      'SIP-1.carrier.example',
      'localhost',
      '192.0.2.10',
      '2001:db8::10',
      'a'.repeat(63),
    ]) {
      expect([host, isTrunkHost(host)]).toEqual([host, true]);
    }
    const tooLong = Array.from({ length: 64 }, () => 'abc').join('.');
    for (const host of [
      '',
      'sip://carrier.example',
      'carrier.example:5060',
      '[2001:db8::1]',
      '-carrier.example',
      'carrier-.example',
      'carrier..example',
      'carrier.example.',
      'car rier.example',
      '10.0.0.300',
      'a'.repeat(64),
      tooLong,
    ]) {
      expect([host, isTrunkHost(host)]).toEqual([host, false]);
    }
  });

  it('takes a username of printable ASCII without spaces, colons or at signs', () => {
    expect(isTrunkUsername('acme_trunk-01+x')).toBe(true);
    expect(isTrunkUsername('a'.repeat(128))).toBe(true);
    for (const name of ['', 'a b', 'user:pass', 'user@carrier', 'tab\there', 'ü', 'a'.repeat(129)]) {
      expect([name, isTrunkUsername(name)]).toEqual([name, false]);
    }
  });

  it('compares numbers without spaces, separators and a leading +', () => {
    expect(numberKey('+49 30-1234')).toBe('49301234');
    expect(numberKey('(030) 1234.5')).toBe('03012345');
    expect(numberKey('++49')).toBe('+49');
    expect(repeatedAt(['+4930', '4930', '4931', '49-30'], numberKey)).toEqual([1, 3]);
    expect(repeatedAt(['a', 'b'])).toEqual([]);
  });
});

describe('trunk hosts that are not a carrier', () => {
  it.each([
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['FD00:EC2:0:0:0:0:0:254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['metadata.google.internal', 'metadata'],
    ['Metadata.Google.Internal', 'metadata'],
    ['metadata', 'metadata'],
    // The resolver reads names made of numbers as addresses (inet_aton's forms).
    ['0xa9fea9fe', 'metadata'],
    ['169.254.169.0xfe', 'metadata'],
    ['0xa9.0xfe.0xa9fe', 'metadata'],
    ['169.254.0.1', 'linkLocal'],
    ['169.254.255.255', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['febf:ffff::1', 'linkLocal'],
    ['::ffff:169.254.1.1', 'linkLocal'],
    ['0xa9fe0001', 'linkLocal'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['::1', 'loopback'],
    ['::', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['localhost', 'loopback'],
    ['LOCALHOST', 'loopback'],
    ['sip.localhost', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0x7f.0x1', 'loopback'],
  ])('%s is %s', (host, concern) => {
    expect(isTrunkHost(host)).toBe(true);
    expect(trunkHostConcern(host)).toBe(concern);
  });

  it.each([
    'sip.carrier.example',
    'metadata.carrier.example',
    'localhost.carrier.example',
    '192.0.2.10',
    '169.253.255.255',
    '169.255.0.1',
    '128.0.0.1',
    '100.100.100.201',
    '2001:db8::10',
    'fec0::1',
    'fd00:ec2::253',
    '::2',
    '::ffff:192.0.2.1',
    '0xcarrier',
    '0x1.example',
    '0x100000000',
    '1.2.3.0x100',
  ])('%s is a carrier as far as its text tells', (host) => {
    expect(trunkHostConcern(host)).toBeUndefined();
  });
});
