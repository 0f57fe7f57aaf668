import { describe, expect, it } from 'vitest';
import { demoAgentPassword } from '../demo-credentials.js';
import { weakPassword } from './password-policy.js';

describe('weakPassword (NIST SP 800-63B blocklist)', () => {
  it.each([
    ['eight spaces', '        '],
    ['a common password', 'password'],
    ['a common password in capitals with a symbol', 'Password!'],
    ['digits in order', '12345678'],
    ['digits in reverse order', '87654321'],
    ['letters in order', 'abcdefgh'],
    ['one character repeated', 'aaaaaaaaaa'],
    ['a short group repeated', 'abcabcabcabc'],
    ['a breached word with a year', 'sunshine2024'],
    ['a keyboard row', 'qwertyuiop'],
    ['the published agent password', demoAgentPassword],
    ['the name of the service', 'icall2026'],
  ])('refuses %s', (_name, password) => {
    expect(weakPassword(password)).toBe('weakPassword');
  });

  // Issue #38: what an outside tester could set on a public bind.
  it.each([
    ['the published admin password with a capital', 'Admin@open'],
    ['the published admin password in capitals', 'ADMIN@OPEN'],
    ['the published admin password with a symbol', 'admin@open!'],
    ['the published agent password with a capital', 'Agent@open'],
    ['the published agent password with a digit', 'agent@open1'],
    ['the published admin password two edits away', 'admn@opem'],
    ['the published admin password in lookalikes', '@dm1n0pen'],
    ['a service word twice', 'adminadmin'],
    ["the product's URL name with a year", 'dzfront2026'],
    ["the product's name with a year", 'OpenPlatform2026'],
    ['service words reversed', 'nepo@nimda'],
    ['service words with digits and punctuation', 'call-centre-2026!'],
  ])('refuses %s', (_name, password) => {
    expect(weakPassword(password)).toBe('weakPassword');
  });

  describe("an agent's own words and their tenant's", () => {
    const wang = { words: ['wangwei@demo.example.com', 'Wang Wei', 'E-1002', '+8613900000002', 'Demo tenant'] };

    it.each([
      ['the account name twice', 'wangweiwangwei'],
      ['the account name with a year', 'wangwei2026'],
      ['the account name reversed', 'iewgnaw'],
      ['the account name with a service word', 'wangwei@demo'],
      ['the account name with a service word and a year', 'Agent-WangWei-2026'],
      ['the display name with punctuation', 'Wang.Wei.88'],
      ['the e-mail address', 'wangwei@demo.example.com'],
      ["the tenant's name", 'Demo tenant'],
      ['the mobile number', '+86 139 0000 0002'],
    ])('refuses %s', (_name, password) => {
      expect(weakPassword(password, wang)).toBe('weakPassword');
    });

    it.each([
      ['a passphrase with a word of theirs among others', 'wang likes quiet tea at noon'],
      ['a random string of digits holding a lookalike of a short name', '11839204756'],
    ])('accepts %s', (_name, password) => {
      expect(weakPassword(password, { words: [...wang.words, 'Li Na'] })).toBeUndefined();
    });
  });

  it("refuses the account's own name and e-mail address", () => {
    const context = { words: ['lina.chen@demo.example.com', 'Lina Chen', 'linachen'] };
    expect(weakPassword('linachen', context)).toBe('weakPassword');
    expect(weakPassword('Lina.Chen2025', context)).toBe('weakPassword');
    expect(weakPassword('chosen by the operator', context)).toBeUndefined();
  });

  it("refuses a tenant's own name, which is no service word", () => {
    expect(weakPassword('Harbour Logistics', { words: ['Harbour Logistics'] })).toBe('weakPassword');
    expect(weakPassword('Harbour Logistics')).toBeUndefined();
  });

  it.each([
    'correct horse battery staple',
    'correct horse battery open staple',
    'the admin forgot the demo again',
    'chosen by the operator',
    'Rainy-Tuesday-in-Lyon',
    '长城在下雪的早晨',
    'x7#Kq2!vLm',
    'q8Zr#t2LmW4xVb',
    'Tq9$vB3!xLp7',
    '0@4!7$31!5@3',
  ])('accepts %s', (password) => {
    expect(weakPassword(password)).toBeUndefined();
  });
});
