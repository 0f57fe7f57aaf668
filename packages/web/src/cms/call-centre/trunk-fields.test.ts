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
    });
    expect(trunkValues(saved)).toMatchObject({ host: 'sip.carrier.example', username: 'acme', password: '' });
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
