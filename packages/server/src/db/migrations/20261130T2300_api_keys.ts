import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue #41: a tenant's API keys, which open the server-to-server event stream
 * (docs/EVENT-STREAM.md). Only a key's SHA-256 is kept: a key is 32 random bytes, so a fast hash
 * is enough (nothing to guess from it), and the look-up on every call is one index probe.
 */
export const apiKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('api_key')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      // Hex SHA-256 of the whole key ('opk_…').
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      // The key's last four characters, which the CMS shows so an admin can tell keys apart.
      .addColumn('key_hint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_used_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('api_key_tenant').on('api_key').columns(['tenant_id', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('api_key').execute();
  },
};
