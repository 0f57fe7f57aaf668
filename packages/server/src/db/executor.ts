import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * The database or a transaction (a Kysely `Transaction` is a `Kysely`). Data-access functions
 * take one, so a service decides what commits together: save, backup, render and index.
 */
export type Executor = Kysely<DB>;

/** PostgreSQL and PGlite both name the violated index, in `constraint` or in the message. */
export function isUniqueViolation(error: unknown, index: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== '23505') return false;
  return constraint === index || (typeof message === 'string' && message.includes(index));
}

/** Resolves when the database answers a trivial query (the health check's probe). */
export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
