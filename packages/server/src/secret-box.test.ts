import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  isSealed,
  parseSecretKey,
  parseSecretKeys,
  SecretError,
  type SecretKey,
} from './secret-box.js';

const keyOf = (fill: number): SecretKey => {
  const key = parseSecretKey(Buffer.alloc(32, fill).toString('base64'), 'TEST');
  if (typeof key === 'string') throw new Error(key);
  return key;
};
const OLD = keyOf(1);
const NEW = keyOf(2);
const SECRET = 'Carrier-S3cret-9f4e';

describe('sealing a secret', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = createSecretBox([NEW]);
    const first = box.seal(SECRET, 'row 1');
    const second = box.seal(SECRET, 'row 1');
    expect(isSealed(first)).toBe(true);
    expect(first).not.toContain(SECRET);
    expect(first).not.toBe(second);
    expect(box.keyIdOf(first)).toBe(NEW.id);
    expect(box.open(first, 'row 1')).toBe(SECRET);
    expect(box.open(box.seal('', 'row 1'), 'row 1')).toBe('');
    expect(box.open(box.seal('пароль 密码 🔑', 'row 1'), 'row 1')).toBe('пароль 密码 🔑');
  });

  it('refuses a value moved to another row, altered, or not sealed at all', () => {
    const box = createSecretBox([NEW]);
    const sealed = box.seal(SECRET, 'row 1');
    expect(() => box.open(sealed, 'row 2')).toThrow(SecretError);
    expect(() => box.open(sealed, 'row 2')).toThrow(
      `sealed with the key ${NEW.id} was altered or belongs to another row`,
    );
    // One bit of the ciphertext flipped.
    const body = Buffer.from(sealed.split(':')[3] ?? '', 'base64url');
    body[14] = (body[14] ?? 0) ^ 1;
    const altered = `sealed:v1:${NEW.id}:${body.toString('base64url')}`;
    expect(() => box.open(altered, 'row 1')).toThrow(SecretError);
    expect(() => box.open(SECRET, 'row 1')).toThrow('not a sealed secret');
    expect(() => box.open(`sealed:v1:${NEW.id}:AAAA`, 'row 1')).toThrow('not a sealed secret');
    expect(box.keyIdOf(SECRET)).toBeUndefined();
  });

  it('opens with any key listed and seals with the first: a rotation', () => {
    const before = createSecretBox([OLD]);
    const sealedBefore = before.seal(SECRET, 'row 1');
    const rotating = createSecretBox([NEW, OLD]);
    expect(rotating.open(sealedBefore, 'row 1')).toBe(SECRET);
    expect(rotating.keyIdOf(rotating.seal(SECRET, 'row 1'))).toBe(NEW.id);
    const after = createSecretBox([NEW]);
    expect(() => after.open(sealedBefore, 'row 1')).toThrow(
      `sealed with the key ${OLD.id}, which the keys given (${NEW.id}) do not include`,
    );
  });
});

describe('reading keys as the operator writes them', () => {
  it('takes 32 bytes in base64 or hex, separated by commas, spaces or lines', () => {
    const base64 = Buffer.alloc(32, 1).toString('base64');
    const hex = Buffer.alloc(32, 2).toString('hex');
    const keys = parseSecretKeys(`${hex},\n ${base64}\n`, 'SECRETS_KEY');
    expect(Array.isArray(keys) && keys.map((key) => key.id)).toEqual([NEW.id, OLD.id]);
    expect(OLD.id).toMatch(/^[0-9a-f]{8}$/);
  });

  it('refuses anything else without repeating it', () => {
    const short = Buffer.alloc(16, 1).toString('base64');
    for (const text of [short, 'x'.repeat(44), `${'a'.repeat(63)}g`, 'correct horse battery staple']) {
      const refusal = parseSecretKeys(text, 'SECRETS_KEY');
      expect(refusal).toEqual(expect.stringContaining('SECRETS_KEY must hold keys of 32 random bytes'));
      expect(refusal).not.toContain(text.split(' ')[0] ?? text);
    }
    expect(parseSecretKeys(' , \n', 'SECRETS_KEY')).toBe('SECRETS_KEY holds no key.');
    const base64 = Buffer.alloc(32, 1).toString('base64');
    expect(parseSecretKeys(`${base64},${Buffer.alloc(32, 1).toString('hex')}`, 'SECRETS_KEY')).toBe(
      `SECRETS_KEY lists the key ${OLD.id} twice.`,
    );
    expect(() => createSecretBox([])).toThrow(SecretError);
  });
});
