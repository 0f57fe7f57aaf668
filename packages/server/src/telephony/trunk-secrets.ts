import { sql } from 'kysely';
import { isSealed, SecretError, type SecretBox } from '../secret-box.js';
import type { Executor } from '../db/executor.js';

/**
 * A trunk's digest password at rest: sealed with the operator's key (secret-box.ts), bound to
 * its tenant so that a sealed value copied to another tenant's row does not open there.
 */
export const trunkPasswordContext = (tenantId: string): string => `sip_trunk.password:${tenantId}`;

/** What a start did to the stored trunk passwords. */
export interface TrunkSecretsSettled {
  /** Stored in the clear by a version before sealing, now sealed. */
  sealed: number;
  /** Sealed with an earlier key of the list, now with the first. */
  resealed: number;
  /** Tenants whose password no key opened, cleared because the operator said so (SECRETS_FORGET_UNREADABLE). */
  forgotten: string[];
}

const setKey = 'set SECRETS_KEY or SECRETS_KEY_FILE';
const lostKey =
  'if that key is lost, start once with SECRETS_FORGET_UNREADABLE=true to clear those passwords and type them again in the CMS (docs/DEPLOY.md, "Secrets at rest")';

/**
 * Run at every start, before the node takes calls: every stored trunk password ends sealed with
 * the current key, or the start is refused with a SecretError saying which tenants need which
 * key. Without a key, any stored password refuses the start: a node that cannot read it would
 * fail every call on that trunk, and one that kept it plain would write it to the WAL and backups.
 * `forgetUnreadable` (the operator lost the key) clears the passwords no key opens instead.
 * Many nodes: they share the key, so whichever starts first re-seals and the rest find it done.
 */
export async function settleTrunkSecrets(
  db: Executor,
  box: SecretBox | null,
  { forgetUnreadable = false }: { forgetUnreadable?: boolean } = {},
): Promise<TrunkSecretsSettled> {
  const rows = await db
    .selectFrom('sip_trunk')
    .select(['tenant_id', 'password'])
    .where('password', 'is not', null)
    .where('password', '!=', '')
    .orderBy('tenant_id')
    .execute();
  const settled: TrunkSecretsSettled = { sealed: 0, resealed: 0, forgotten: [] };
  if (!rows.length) return settled;
  if (!box) {
    throw new SecretError(
      `The SIP trunks of ${rows.map((row) => `"${row.tenant_id}"`).join(', ')} keep a password, which is stored sealed with a key: ${setKey} to it (docs/DEPLOY.md, "Secrets at rest").`,
    );
  }
  const unreadable = rows.filter((row) => {
    const stored = row.password ?? '';
    return isSealed(stored) && !tryOpen(box, stored, row.tenant_id);
  });
  if (unreadable.length && !forgetUnreadable) {
    const which = unreadable.map((row) => `"${row.tenant_id}" (key ${box.keyIdOf(row.password ?? '') ?? '?'})`);
    throw new SecretError(
      `The SIP trunk passwords of ${which.join(', ')} do not open with the keys of SECRETS_KEY or SECRETS_KEY_FILE (${box.currentKeyId} first): give the key they were sealed with too, after the new one; ${lostKey}.`,
    );
  }
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      const stored = row.password ?? '';
      const context = trunkPasswordContext(row.tenant_id);
      let password: string | null;
      if (unreadable.includes(row)) {
        password = null;
        settled.forgotten.push(row.tenant_id);
      } else if (!isSealed(stored)) {
        password = box.seal(stored, context);
        settled.sealed += 1;
      } else if (box.keyIdOf(stored) !== box.currentKeyId) {
        password = box.seal(box.open(stored, context), context);
        settled.resealed += 1;
      } else {
        continue;
      }
      await trx.updateTable('sip_trunk').set({ password }).where('tenant_id', '=', row.tenant_id).execute();
    }
  });
  // The clear text from before lies in the table's dead tuples until they are rewritten.
  if (settled.sealed > 0) await sql`vacuum full sip_trunk`.execute(db);
  return settled;
}

function tryOpen(box: SecretBox, sealed: string, tenantId: string): boolean {
  try {
    box.open(sealed, trunkPasswordContext(tenantId));
    return true;
  } catch {
    return false;
  }
}
