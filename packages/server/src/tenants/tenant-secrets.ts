import { randomBytes } from 'node:crypto';

/** A fresh tenant's secrets: 256 random bits each, base64url. */
export function newTenantSecrets(): { sso_token: string; signing_key: string } {
  return { sso_token: randomBytes(32).toString('base64url'), signing_key: randomBytes(32).toString('base64url') };
}
