import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { CmsTrunk } from '@open/protocol/api';
import { errorCatalogue } from '@open/protocol/errors';
import {
  hostFits,
  listProblem,
  refusedEntries,
  tidyAddresses,
  tidyNumbers,
  trunkBody,
  trunkFieldErrors,
  trunkValues,
  usernameFits,
  sameCarrierHost,
  type TrunkValues,
} from './trunk-fields';

/** A `t` that shows which key was asked for, with its values. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

const saved: CmsTrunk = {
  tenant_id: 'tenant-1',
  enabled: true,
  host: 'sip.carrier.example',
  port: 5080,
  transport: 'tcp',
  username: 'acme',
  has_password: true,
  allowed_sources: ['203.0.113.0/24'],
  dids: ['+4930123'],
  display_numbers: ['4930999'],
  max_calls: null,
  max_waiting: 5,
  dial_plan: {
    country: 'CN',
    short_numbers: ['110', '112'],
    allowed_prefixes: ['+8821'],
    blocked_prefixes: ['+1900'],
    international: 'supervisors',
  },
  failover_hosts: [{ host: 'sip2.carrier.example', port: 5060 }],
  options_ping: false,
  far_end_silence_seconds: null,
  carriers: [],
  updated_at: '2026-11-27T04:00:00.000Z',
};

const values = (overrides: Partial<TrunkValues> = {}): TrunkValues => ({ ...trunkValues(saved), ...overrides });

const refusal = (name: keyof typeof errorCatalogue, message: string, data: unknown = null) => ({
  code: errorCatalogue[name].code,
  message,
  data,
});

describe('the SIP trunk form', () => {
  it('starts a new trunk switched off on port 5060 over UDP, and shows a saved one without its password', () => {
    expect(trunkValues(null)).toEqual({
      enabled: false,
      host: '',
      port: 5060,
      transport: 'udp',
      username: '',
      password: '',
      allowed_sources: [],
      dids: [],
      display_numbers: [],
      max_calls: 30,
      max_waiting: 20,
      // A new trunk's dial plan: the form asks for a country; nobody calls abroad until allowed.
      country: '',
      short_numbers: [],
      allowed_prefixes: [],
      blocked_prefixes: [],
      international: 'nobody',
      // No other server; its servers are pinged.
      failover_hosts: [],
      options_ping: true,
      // A call whose carrier sends no audio for a minute is ended.
      far_end_silence_seconds: 60,
    });
    // A saved trunk's 'never' stays never, not the new trunk's minute.
    expect(trunkValues(saved)).toMatchObject({ far_end_silence_seconds: null });
    expect(trunkBody('tenant-1', values(), false)).toMatchObject({ far_end_silence_seconds: null });
    expect(trunkBody('tenant-1', values({ far_end_silence_seconds: 45 }), false)).toMatchObject({
      far_end_silence_seconds: 45,
    });
    expect(trunkValues(saved)).toMatchObject({ host: 'sip.carrier.example', username: 'acme', password: '' });
    expect(trunkValues(saved)).toMatchObject({
      country: 'CN',
      short_numbers: ['110', '112'],
      international: 'supervisors',
    });
  });

  it('keeps the saved password unless a new one is typed or it is to be cleared', () => {
    expect(trunkBody('tenant-1', values(), false)).not.toHaveProperty('password');
    expect(trunkBody('tenant-1', values(), true)).toMatchObject({ password: '' });
    expect(trunkBody('tenant-1', values({ password: ' new pass ' }), true)).toMatchObject({ password: ' new pass ' });
    expect(trunkBody('tenant-1', values({ host: ' sip.example ', username: ' u ' }), false)).toMatchObject({
      tenant_id: 'tenant-1',
      host: 'sip.example',
      username: 'u',
    });
  });

  it('sends the failover servers trimmed, and knows one the trunk already names', () => {
    const body = trunkBody(
      'tenant-1',
      values({ failover_hosts: [{ host: ' sip3.carrier.example ', port: 5070 }], options_ping: true }),
      false,
    );
    expect(body).toMatchObject({ failover_hosts: [{ host: 'sip3.carrier.example', port: 5070 }], options_ping: true });
    const hosts = (...entries: [string, number][]) => entries.map(([host, port]) => ({ host, port }));
    // The trunk's own host and port, in another case: the same server.
    expect(sameCarrierHost(values({ failover_hosts: hosts(['SIP.carrier.example', 5080]) }), 0)).toBe(true);
    // Another port of the same host is another server.
    expect(sameCarrierHost(values({ failover_hosts: hosts(['sip.carrier.example', 5060]) }), 0)).toBe(false);
    const twice = values({ failover_hosts: hosts(['b.example', 5060], ['b.example ', 5060]) });
    expect([sameCarrierHost(twice, 0), sameCarrierHost(twice, 1), sameCarrierHost(twice, 2)]).toEqual([
      false,
      true,
      false,
    ]);
  });

  it("puts the server's refusal of a failover server on that server's field", () => {
    const form = values({
      failover_hosts: [
        { host: 'a.example', port: 5060 },
        { host: 'a.example', port: 5060 },
      ],
    });
    const duplicate = refusal('invalidField', 'invalid', {
      issues: [{ field: 'failover_hosts.1.host', reason: 'duplicate', message: 'duplicate' }],
    });
    expect(trunkFieldErrors(duplicate, form, t)).toEqual([
      { name: ['failover_hosts', 1, 'host'], errors: ['cms.trunk.failoverDuplicate'] },
    ]);
    const metadata = refusal('trunkHostForbidden', 'That address is the cloud’s metadata service.', {
      host: '169.254.169.254',
      field: 'failover_hosts.0.host',
    });
    expect(trunkFieldErrors(metadata, form, t)).toEqual([
      { name: ['failover_hosts', 0, 'host'], errors: ['That address is the cloud’s metadata service.'] },
    ]);
    // The trunk's own host, as before.
    expect(
      trunkFieldErrors(refusal('trunkHostForbidden', 'No.', { host: 'metadata', field: 'host' }), form, t),
    ).toEqual([{ name: ['host'], errors: ['No.'] }]);
  });

  it('sends the dial plan nested, as cms/set_trunk takes it', () => {
    expect(trunkBody('tenant-1', values({ short_numbers: ['112', '95588'], country: 'DE' }), false).dial_plan).toEqual({
      country: 'DE',
      short_numbers: ['112', '95588'],
      allowed_prefixes: ['+8821'],
      blocked_prefixes: ['+1900'],
      international: 'supervisors',
    });
  });

  it("knows the dial plan's entries the server would refuse, and says why", () => {
    expect(refusedEntries('short_numbers', ['112', '15', '1', '123456789', '+112', '*21'])).toEqual([
      '1',
      '123456789',
      '+112',
      '*21',
    ]);
    expect(listProblem(t, 'short_numbers', ['112', '1'])).toBe('cms.trunk.shortNumberRule {"value":"1"}');
    expect(refusedEntries('blocked_prefixes', ['+1900', '00', '+', '19a'])).toEqual(['+', '19a']);
    expect(listProblem(t, 'allowed_prefixes', ['+'])).toBe('cms.trunk.prefixRule {"value":"+"}');
    expect(
      listProblem(
        t,
        'short_numbers',
        Array.from({ length: 31 }, (_, i) => `9${i}`),
      ),
    ).toBe('cms.trunk.tooMany {"max":30}');
  });

  it("puts the dial plan's issues on its fields, and an extension among the short numbers on them", () => {
    const form = values({ short_numbers: ['112', '1'], blocked_prefixes: ['+'] });
    const error = refusal('invalidField', 'Some fields are not valid.', {
      issues: [
        { field: 'dial_plan.country', reason: 'notAllowed', message: '“country” has a value that is not allowed.' },
        { field: 'dial_plan.short_numbers.1', reason: 'notAllowed', message: 'x' },
        { field: 'dial_plan.blocked_prefixes.0', reason: 'notAllowed', message: 'x' },
      ],
    });
    expect(trunkFieldErrors(error, form, t)).toEqual([
      { name: ['country'], errors: ['“country” has a value that is not allowed.'] },
      { name: ['short_numbers'], errors: ['cms.trunk.shortNumberRule {"value":"1"}'] },
      { name: ['blocked_prefixes'], errors: ['cms.trunk.prefixRule {"value":"+"}'] },
    ]);
    const shadowed = refusal('shortNumberIsExtension', '8001 is an agent’s extension.', {
      number: '8001',
      field: 'dial_plan.short_numbers.0',
    });
    expect(trunkFieldErrors(shadowed, values(), t)).toEqual([
      { name: ['short_numbers'], errors: ['8001 is an agent’s extension.'] },
    ]);
  });

  it('tidies typed entries: trimmed, numbers as the server keeps them, each once', () => {
    expect(tidyAddresses([' 203.0.113.7 ', '', '2001:DB8::1', '2001:db8::1', '203.0.113.7'])).toEqual([
      '203.0.113.7',
      '2001:DB8::1',
    ]);
    expect(tidyNumbers(['+49 30 123-4', '4930 1234', '(030) 55', ''])).toEqual(['+49301234', '03055']);
  });

  it('knows the entries, hosts and usernames the server would refuse', () => {
    expect(refusedEntries('allowed_sources', ['203.0.113.7', '10.0.0.300', '10.0.0.0/33', '::1/128'])).toEqual([
      '10.0.0.300',
      '10.0.0.0/33',
    ]);
    expect(refusedEntries('dids', ['+4930', '49-30', 'call'])).toEqual(['49-30', 'call']);
    expect(listProblem(t, 'dids', ['+4930', '49-30', 'call'])).toBe('cms.trunk.numberRule {"value":"49-30"}');
    expect(listProblem(t, 'allowed_sources', ['10.0.0.300'])).toBe('cms.trunk.sourceRule {"value":"10.0.0.300"}');
    // An address, but the whole internet: said so, with the widest prefix taken.
    expect(listProblem(t, 'allowed_sources', ['203.0.113.7', '0.0.0.0/0'])).toBe(
      'cms.trunk.sourceTooBroad {"value":"0.0.0.0/0","v4":8,"v6":32}',
    );
    const many = Array.from({ length: 51 }, (_, i) => `198.51.100.${i}`);
    expect(listProblem(t, 'allowed_sources', many)).toBe('cms.trunk.tooMany {"max":50}');
    expect(listProblem(t, 'allowed_sources', many.slice(0, 50))).toBeUndefined();
    expect(hostFits(' sip.carrier.example ')).toBe(true);
    expect(hostFits('sip:carrier.example')).toBe(false);
    expect(hostFits('carrier.example:5060')).toBe(false);
    expect(usernameFits('')).toBe(true);
    expect(usernameFits('acme-trunk')).toBe(true);
    expect(usernameFits('acme trunk')).toBe(false);
    expect(usernameFits('acme@carrier')).toBe(false);
  });

  it("puts the server's field issues on the fields, naming a list's refused entry", () => {
    const form = values({ allowed_sources: ['203.0.113.7', '10.0.0.300'], dids: ['4930', '+4930'] });
    const error = refusal('invalidField', 'Some fields are not valid.', {
      issues: [
        { field: 'host', reason: 'notAllowed', message: '“host” has a value that is not allowed.' },
        { field: 'port', reason: 'tooBig', message: '“port” must be at most 65535.' },
        { field: 'allowed_sources.1', reason: 'notAllowed', message: 'x' },
        { field: 'dids.1', reason: 'duplicate', message: 'x' },
        { field: 'dids.0', reason: 'notAllowed', message: 'second issue of the same field' },
        { field: 'display_numbers', reason: 'tooBig', message: 'x' },
        { field: 'username', reason: 'required', message: 'x' },
        { field: 'tenant_id', reason: 'required', message: 'not a field of the form' },
      ],
    });
    expect(trunkFieldErrors(error, form, t)).toEqual([
      { name: ['host'], errors: ['cms.trunk.hostRule'] },
      { name: ['port'], errors: ['“port” must be at most 65535.'] },
      { name: ['allowed_sources'], errors: ['cms.trunk.sourceRule {"value":"10.0.0.300"}'] },
      { name: ['dids'], errors: ['cms.trunk.duplicate {"value":"+4930"}'] },
      { name: ['display_numbers'], errors: ['cms.trunk.tooMany {"max":200}'] },
      { name: ['username'], errors: ['cms.trunk.usernameRequired'] },
    ]);
  });

  it('puts a taken DID on the DIDs, a forbidden host on the host and a server without telephony on the switch, in the server’s words', () => {
    const taken = refusal('didTaken', 'The number 4930 already rings another tenant.', {
      number: '4930',
      field: 'dids.0',
    });
    expect(trunkFieldErrors(taken, values(), t)).toEqual([
      { name: ['dids'], errors: ['The number 4930 already rings another tenant.'] },
    ]);
    const metadata = refusal('trunkHostForbidden', '169.254.169.254 cannot be a trunk’s host.', {
      host: '169.254.169.254',
      field: 'host',
    });
    expect(trunkFieldErrors(metadata, values(), t)).toEqual([
      { name: ['host'], errors: ['169.254.169.254 cannot be a trunk’s host.'] },
    ]);
    const bare = refusal('telephonyNotConfigured', 'This server has no SIP socket.');
    expect(trunkFieldErrors(bare, values(), t)).toEqual([
      { name: ['enabled'], errors: ['This server has no SIP socket.'] },
    ]);
    const keyless = refusal('secretsKeyMissing', 'This server has no key to keep passwords encrypted.');
    expect(trunkFieldErrors(keyless, values(), t)).toEqual([
      { name: ['password'], errors: ['This server has no key to keep passwords encrypted.'] },
    ]);
  });

  it('places nothing for other refusals, so they are shown as a message', () => {
    expect(trunkFieldErrors(refusal('tenantNotFound', 'Gone.'), values(), t)).toEqual([]);
    expect(trunkFieldErrors(new Error('network'), values(), t)).toEqual([]);
  });
});
