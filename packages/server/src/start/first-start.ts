/**
 * The first start of an embedded database, in a process of its own: main.ts runs this file on a
 * data folder that has no database yet. It runs initdb, the migrations, the demo data and the
 * documentation's rendering and indexing, then exits, and the server opens the folder as a
 * restart does. The memory that SQL leaves behind (PGlite's throwaway initdb instance, V8's
 * optimised code for the postgres functions it ran) goes with this process: a server that did
 * it all itself held 297-309 MB idle, against 248-282 MB after a restart (bench/README.md, memory).
 *
 * Argument: the folder. Standard input: the options of prepareDatabase as JSON (the admin
 * password among them, kept off the command line). Last line out: `{ "seeded": true|false }`.
 * Exit 1 with the reason on stderr when it fails.
 */
import { inspect } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { overPglite, pgliteOptions } from '../db/database.js';
import { prepareDatabase, type PrepareOptions } from './prepare-database.js';

/** What went wrong, in words: PGlite fails some starts with a plain object, not an Error. */
function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  // Emscripten's file system fails with its own errno, which says little to a person.
  if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ErrnoError')
    return `its files could not be made (file system error ${String((error as { errno?: unknown }).errno)}): the folder must be empty or hold this server's database, and be writable`;
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return inspect(error, { depth: 2, breakLength: Infinity });
}

const [folder] = process.argv.slice(2);
try {
  if (!folder) throw new Error('usage: first-start.js <folder>, the options as JSON on standard input');
  let given = '';
  for await (const chunk of process.stdin) given += String(chunk);
  const client = await PGlite.create(folder, pgliteOptions);
  const { db } = overPglite(client);
  const { seeded } = await prepareDatabase(db, JSON.parse(given) as PrepareOptions);
  // Closes PGlite too, which writes its last pages to the folder.
  await db.destroy();
  process.stdout.write(`${JSON.stringify({ seeded })}\n`);
} catch (error) {
  console.error(reasonOf(error));
  process.exit(1);
}
