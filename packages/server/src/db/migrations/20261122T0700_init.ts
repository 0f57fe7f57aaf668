import { sql, type Kysely, type Migration } from 'kysely';

/* Migrations are history: never edit one that has landed; add a new one. */
export const init: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tenant')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('default_lang', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('version')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create unique index version_name_unique on version (lower(name))`.execute(db);
    // The database itself guarantees at most one default, whatever the application does.
    await sql`create unique index version_one_default on version (is_default) where is_default`.execute(db);

    await db.schema
      .createTable('admin_user')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create unique index admin_user_account_unique on admin_user (lower(account))`.execute(db);

    await db.schema
      .createTable('session')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('admin_user.id').onDelete('cascade'))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('session_user').on('session').column('user_id').execute();

    await db.schema
      .createTable('login_failure')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('window_start', 'timestamptz', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['login_failure', 'session', 'admin_user', 'version', 'tenant']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
