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

  it("refuses the account's own name and e-mail address", () => {
    const context = { words: ['lina.chen@demo.example.com', 'Lina Chen', 'linachen'] };
    expect(weakPassword('linachen', context)).toBe('weakPassword');
    expect(weakPassword('Lina.Chen2025', context)).toBe('weakPassword');
    expect(weakPassword('chosen by the operator', context)).toBeUndefined();
  });

  it.each([
    'correct horse battery staple',
    'chosen by the operator',
    'Rainy-Tuesday-in-Lyon',
    '长城在下雪的早晨',
    'x7#Kq2!vLm',
  ])('accepts %s', (password) => {
    expect(weakPassword(password)).toBeUndefined();
  });
});
