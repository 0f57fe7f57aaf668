// @ts-check
// Writes bench/cti-load's agents into the embedded database of a DATA_DIR, in a process of its
// own (PGlite's folder has one owner at a time; the server is not running meanwhile), opened as
// packages/server/src/db/database.ts opens it. Prints the demo tenant as JSON.
// Run: node bench/cti-load/seed-pglite.mjs <DATA_DIR> <count>
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { seedAgents } from './seed.mjs';

const [dataDir, count] = process.argv.slice(2);
if (!dataDir || !count) throw new Error('usage: seed-pglite.mjs <DATA_DIR> <count>');
const db = await PGlite.create(path.join(dataDir, 'pglite'), {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
});
try {
  const tenant = await seedAgents((text, params) => db.query(text, params), Number(count));
  process.stdout.write(JSON.stringify(tenant));
} finally {
  await db.close();
}
