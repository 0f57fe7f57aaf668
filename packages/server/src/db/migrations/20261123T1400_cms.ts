import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The management side (issue #7): roles and account state, who changed an item last, a backup
 * of every saved state of a category or resource, the audit trail, and what an attachment's
 * bytes are (content-addressed storage).
 */
export const cms: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('admin_user')
      .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
      // Whether the password is still the published demo one; null until checked (accounts of
      // a database seeded before this column existed are checked once at the next start).
      .addColumn('demo_password', 'boolean')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`alter table admin_user add constraint admin_user_role_known check (role in ('admin', 'editor'))`.execute(
      db,
    );

    for (const table of ['category', 'resource']) {
      await db.schema.alterTable(table).addColumn('updated_by', 'text').execute();
      await db.schema
        .createTable(`${table}_backup`)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn(`${table}_id`, 'text', (c) => c.notNull().references(`${table}.id`).onDelete('cascade'))
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('snapshot', 'jsonb', (c) => c.notNull())
        .addColumn('saved_by', 'text')
        .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      // Unique: one backup per saved revision, however two saves race (each backs up the
      // revision it replaced, and only one save can replace a given revision).
      await db.schema
        .createIndex(`${table}_backup_by_item`)
        .on(`${table}_backup`)
        .columns([`${table}_id`, 'revision desc'])
        .unique()
        .execute();
    }

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // Insertion order: entries of the same instant still list newest first.
      .addColumn('seq', 'bigserial', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('actor_id', 'text')
      .addColumn('actor', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text')
      .addColumn('target_name', 'text')
      .addColumn('ip', 'text')
      .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at desc', 'seq desc']).execute();
    await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'at desc']).execute();

    await db.schema.alterTable('attachment').addColumn('sha256', 'text').addColumn('uploaded_by', 'text').execute();
    // Bytes are stored once per content: a removal deletes them only when no row still has them.
    await db.schema.createIndex('attachment_storage_key').on('attachment').column('storage_key').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('attachment_storage_key').execute();
    await db.schema.alterTable('attachment').dropColumn('sha256').dropColumn('uploaded_by').execute();
    await db.schema.dropTable('audit_log').execute();
    for (const table of ['category', 'resource']) {
      await db.schema.dropTable(`${table}_backup`).execute();
      await db.schema.alterTable(table).dropColumn('updated_by').execute();
    }
    await sql`alter table admin_user drop constraint admin_user_role_known`.execute(db);
    await db.schema
      .alterTable('admin_user')
      .dropColumn('disabled')
      .dropColumn('demo_password')
      .dropColumn('updated_at')
      .execute();
  },
};
