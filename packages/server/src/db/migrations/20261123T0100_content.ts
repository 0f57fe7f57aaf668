import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The documentation's content (DESIGN §5): a category tree, resources in categories and
 * versions, a title and Markdown body per language rendered to HTML on save, attachments.
 * Every category and resource carries a revision, so a save that started from an older one
 * can be refused. `resource_locale.search` is the full-text index over words segmented in
 * Node (see content/search), written in the same transaction as the content.
 */
export const content: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('category')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('parent_id', 'text', (c) => c.references('category.id').onDelete('restrict'))
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('docs'))
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('category_status_known', sql`status in (1, 2, 3)`)
      .addCheckConstraint('category_kind_known', sql`kind in ('docs', 'faq')`)
      .execute();
    await db.schema.createIndex('category_parent').on('category').column('parent_id').execute();

    await db.schema
      .createTable('category_locale')
      .addColumn('category_id', 'text', (c) => c.notNull().references('category.id').onDelete('cascade'))
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('category_locale_pk', ['category_id', 'lang'])
      .execute();

    await db.schema
      .createTable('resource')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('category_id', 'text', (c) => c.notNull().references('category.id').onDelete('restrict'))
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('resource_status_known', sql`status in (1, 2, 3)`)
      .execute();
    await db.schema.createIndex('resource_category').on('resource').columns(['category_id', 'sort']).execute();

    await db.schema
      .createTable('resource_version')
      .addColumn('resource_id', 'text', (c) => c.notNull().references('resource.id').onDelete('cascade'))
      .addColumn('version_id', 'text', (c) => c.notNull().references('version.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('resource_version_pk', ['resource_id', 'version_id'])
      .execute();
    await db.schema.createIndex('resource_version_by_version').on('resource_version').column('version_id').execute();

    await db.schema
      .createTable('resource_locale')
      .addColumn('resource_id', 'text', (c) => c.notNull().references('resource.id').onDelete('cascade'))
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('markdown', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('toc', 'jsonb', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('plain', 'text', (c) => c.notNull())
      .addColumn('search', sql`tsvector`, (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('resource_locale_pk', ['resource_id', 'lang'])
      .execute();
    await sql`create index resource_locale_search on resource_locale using gin (search)`.execute(db);

    await db.schema
      .createTable('attachment')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('resource_id', 'text', (c) => c.references('resource.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('attachment_resource').on('attachment').column('resource_id').execute();

    await db.schema.alterTable('tenant').addColumn('contact_url', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('tenant').dropColumn('contact_url').execute();
    for (const table of [
      'attachment',
      'resource_locale',
      'resource_version',
      'resource',
      'category_locale',
      'category',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
