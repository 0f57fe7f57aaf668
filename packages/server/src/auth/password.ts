import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// OWASP's scrypt minimum (N=2^17, r=8, p=1) costs ~128 MiB and ~0.3 s per sign-in on these
// 2-core machines; 2^15 keeps sign-in responsive while staying far beyond brute force of a
// leaked hash at scale. The parameters travel inside each hash, so raising them later is safe.
const params = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 } as const;

function derive(password: string, salt: Buffer, opts: ScryptOptions & { keyLength: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, opts.keyLength, { ...opts, maxmem: 256 * 1024 * 1024 }, (err, key) => {
      if (err) reject(err);
      else resolve(key);
    });
  });
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keyLength: expected.length,
  });
  return timingSafeEqual(key, expected);
}

let decoy: Promise<string> | undefined;

/**
 * A hash of nothing anyone knows. Verifying an unknown account against it costs the same as a
 * real one, so response time does not reveal which accounts exist.
 */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
