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
import { PGlite } from '@electric-sql/pglite';
import { overPglite, pgliteOptions } from '../db/database.js';
import { prepareDatabase, type PrepareOptions } from './prepare-database.js';

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
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
