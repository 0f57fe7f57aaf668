import type { Lang } from '@open/protocol/locales';
import { systemClock } from '../clock.js';
import type { Database } from '../db/database.js';
import { noReadCache } from '../db/read-cache.js';
import { migrateToLatest } from '../db/migrate.js';
import { createLifecycle } from '../lifecycle.js';
import { createServices } from '../services.js';
import { seedDocsIfEmpty } from '../seed/seed-docs.js';
import { seedIfEmpty } from '../seed/seed.js';

export interface PrepareOptions {
  adminPassword: string | undefined;
  docFallbackLangs: Lang[];
}

/**
 * A database made ready to serve: migrated, seeded with the demo call centre when empty, the
 * product's own documentation rendered and indexed like a CMS save (also on a database seeded
 * before the content model existed), and the search text of rows saved before its derivation
 * last changed made again, before any reader. `seeded`: the demo data went in now.
 */
export async function prepareDatabase(db: Database, options: PrepareOptions) {
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, { adminPassword: options.adminPassword });
  // Closed once the database is ready: its long-lived parts (the call centre, the webhooks'
  // dispatcher) would otherwise run beside the app's own until the database closed under them.
  const lifecycle = createLifecycle();
  const services = createServices({
    db,
    readCache: noReadCache,
    clock: systemClock,
    lifecycle,
    docFallbackLangs: options.docFallbackLangs,
  });
  try {
    await seedDocsIfEmpty({ db, ...services });
    await services.resources.reindexStale();
  } finally {
    await lifecycle.close();
  }
  return { seeded, accounts: services.accounts };
}
