import { type Kysely, type Migration } from 'kysely';

/**
 * Search snippets and the indexed body came from the Markdown's tokens: code blocks showed as
 * the HTML source they hold out of context, table cells ran together, headings kept their
 * Markdown marks. They now come from the text a reader sees (content/search/visible-text.ts).
 * Each locale row records which derivation wrote its `plain` and `search`; rows already here
 * get 1, the old one, and the server derives them again at start (`reindexStale` in
 * content/resources/resource.service.ts), from the HTML they are served with. That derivation
 * needs Node (Intl.Segmenter) and the search code of the day, which a migration must not import
 * (it would stop doing what it did when that code changes), so this migration only marks them.
 */
export const searchTextRevision: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('resource_locale')
      .addColumn('search_text_revision', 'smallint', (c) => c.notNull().defaultTo(1))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('resource_locale').dropColumn('search_text_revision').execute();
  },
};
