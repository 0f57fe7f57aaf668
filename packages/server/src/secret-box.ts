import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back in the clear (a SIP trunk's digest password) are kept
 * sealed with AES-256-GCM under a key the operator provides (SECRETS_KEY or SECRETS_KEY_FILE,
 * docs/DEPLOY.md): tables, the WAL and backups hold only the sealed text. A sealed value names
 * the key that sealed it, so keys can be rotated: the first key seals, every key listed opens,
 * and a start re-seals what an older key sealed (telephony/trunk-secrets.ts).
 */

/** Every sealed value starts with it; anything else in a secret column is a value from before sealing. */
export const SEALED_PREFIX = 'sealed:v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretKey {
  /** 8 hex digits of a hash of the key: which key sealed a value, without telling anything of it. */
  id: string;
  bytes: Buffer;
}

export interface SecretBox {
  /** The key new values are sealed with. */
  currentKeyId: string;
  /**
   * `plain` sealed under the current key. `context` says what the secret is for (the table,
   * column and row): a sealed value copied to another row does not open there.
   */
  seal(plain: string, context: string): string;
  /** The value `seal` was given; throws a SecretError when no key listed opens it or it was altered. */
  open(sealed: string, context: string): string;
  /** The id of the key that sealed `sealed` (whether or not it is listed), undefined when it is not sealed. */
  keyIdOf(sealed: string): string | undefined;
}

export class SecretError extends Error {
  override name = 'SecretError';
}

export const isSealed = (value: string): boolean => value.startsWith(SEALED_PREFIX);

const keyIdOfBytes = (bytes: Buffer): string =>
  createHash('sha256').update('open-platform secret key ').update(bytes).digest('hex').slice(0, 8);

/**
 * One key as the operator wrote it: 32 bytes in base64 (`openssl rand -base64 32`) or in hex;
 * otherwise a sentence saying what is wrong, never repeating the text (it may be a key).
 */
export function parseSecretKey(text: string, name: string): SecretKey | string {
  const trimmed = text.trim();
  let bytes: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) bytes = Buffer.from(trimmed, 'hex');
  else if (/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) bytes = Buffer.from(trimmed, 'base64');
  if (bytes?.length !== KEY_BYTES) {
    return `${name} must hold keys of 32 random bytes, each written in base64 (44 characters, such as the output of "openssl rand -base64 32") or in hex (64 characters); one of them is ${trimmed.length} characters long.`;
  }
  return { id: keyIdOfBytes(bytes), bytes };
}

/**
 * Keys as SECRETS_KEY or SECRETS_KEY_FILE list them: separated by commas, spaces or lines, the
 * first the one that seals. A sentence saying what is wrong otherwise.
 */
export function parseSecretKeys(text: string, name: string): SecretKey[] | string {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (!parts.length) return `${name} holds no key.`;
  const keys: SecretKey[] = [];
  for (const part of parts) {
    const key = parseSecretKey(part, name);
    if (typeof key === 'string') return key;
    if (keys.some((known) => known.id === key.id)) return `${name} lists the key ${key.id} twice.`;
    keys.push(key);
  }
  return keys;
}

/** A box sealing with `keys[0]` and opening with any of `keys`. */
export function createSecretBox(keys: readonly SecretKey[]): SecretBox {
  const [current] = keys;
  if (!current) throw new SecretError('A secret box needs at least one key.');
  const byId = new Map(keys.map((key) => [key.id, key.bytes]));

  const parts = (sealed: string): { keyId: string; body: Buffer } | undefined => {
    if (!isSealed(sealed)) return undefined;
    const [keyId, body, extra] = sealed.slice(SEALED_PREFIX.length).split(':');
    if (keyId === undefined || body === undefined || extra !== undefined || !/^[0-9a-f]{8}$/.test(keyId)) {
      return undefined;
    }
    return { keyId, body: Buffer.from(body, 'base64url') };
  };

  return {
    currentKeyId: current.id,
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${SEALED_PREFIX}${current.id}:${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const found = parts(sealed);
      if (!found || found.body.length < IV_BYTES + TAG_BYTES)
        throw new SecretError('The value is not a sealed secret.');
      const key = byId.get(found.keyId);
      if (!key) {
        throw new SecretError(
          `The secret was sealed with the key ${found.keyId}, which the keys given (${[...byId.keys()].join(', ')}) do not include.`,
        );
      }
      const iv = found.body.subarray(0, IV_BYTES);
      const tag = found.body.subarray(found.body.length - TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([
          decipher.update(found.body.subarray(IV_BYTES, found.body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretError(`The secret sealed with the key ${found.keyId} was altered or belongs to another row.`);
      }
    },
    keyIdOf: (sealed) => parts(sealed)?.keyId,
  };
}
