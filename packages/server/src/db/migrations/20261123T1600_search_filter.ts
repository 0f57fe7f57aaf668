import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A search reads its filter in the locale row, and its tiers from indexes of their own
 * (bench/search.mjs measures both, see bench/README.md).
 *
 * - What a reader's search filters on is copied from the resource into each of its locale
 *   rows: status, category, sort, languages and versions. A search read its matches from the
 *   full-text index and then checked each against its resource by a probe into `resource`
 *   (and `resource_version`): for a word found in 8,700 locales, 26,000 buffer reads and most
 *   of the query's time. It is now one scan of one table with the filter in the row.
 * - The copies are kept by triggers in the writing transaction, whatever code writes:
 *   a locale row takes its resource's values when it is written; a change of a resource's
 *   status, category, sort or languages is copied to its locale rows; a change of its versions
 *   is copied once per statement (transition tables), not once per version row. Each copy
 *   skips the rows that already hold the values, so a save changing none of them writes no
 *   locale row. `resource.langs` is itself kept by a trigger on `resource_locale`
 *   (20261123T1500_search) that updates `resource`, whose trigger here copies the languages
 *   back; that copy writes none of the columns the first trigger fires on (resource_id, lang),
 *   so the chain stops there.
 * - The title and headings vectors (`search_title`, `search_head`) get full-text indexes and
 *   go out of line. Kept in the row to sort matches into tiers, they made up 585 of its 943
 *   bytes, and a search for a broad word visits the row of every match: a row of ~400 bytes
 *   puts twice as many on a page. The tiers are now read from their own indexes, which hold
 *   few documents each (a title, a heading), and the whole vectors are only read to rank a
 *   tier of up to 200. Like the text vector, they get no planner statistics
 *   (20261123T1500_search explains why), so they are always searched through their index:
 *   estimated from statistics, a sequential scan would read every row's vector out of line.
 * - Rows written before this migration are rewritten once, so their vectors go out of line
 *   too and their copies are filled. The full-text index is dropped for that and built again
 *   afterwards: 13 s on PostgreSQL and 15 s on PGlite for 18,828 rows, where updating it row
 *   by row took 38 s. The old row versions stay until a vacuum (PGlite never runs one), as
 *   after any update of every row.
 *
 * Over 100 lines: `up` is one transaction of DDL kept as it landed; migrations are history and
 * are never edited, so it is not split.
 */
export const searchFilter: Migration = {
  async up(db: Kysely<unknown>) {
    // Small, read for every match: kept in the row (storage plain), never moved out of line
    // by the table's toast_tuple_target (20261123T1500_search). Room left on each page
    // (fillfactor) lets the copies' updates stay on their page (HOT): one that moves rewrites
    // all of the row's full-text index entries, and every resource written in two languages
    // updates its first locale row when the second is added.
    await sql`
      alter table resource_locale
        add column resource_status smallint not null default 1,
        add column resource_category_id text not null default '',
        add column resource_sort integer not null default 0,
        add column resource_langs text[] not null default '{}',
        add column resource_version_ids text[] not null default '{}',
        alter column resource_category_id set storage plain,
        alter column resource_langs set storage plain,
        alter column resource_version_ids set storage plain,
        set (fillfactor = 90)`.execute(db);

    // Changing the type to itself drops statistics already gathered, as for `search`.
    await sql`
      alter table resource_locale
        alter column search_title set statistics 0,
        alter column search_title type tsvector,
        alter column search_title set storage external,
        alter column search_head set statistics 0,
        alter column search_head type tsvector,
        alter column search_head set storage external`.execute(db);

    // `set search_path from current`: the triggers find this schema's tables whoever fires them.
    await sql`
      create function resource_locale_filter() returns trigger language plpgsql
      set search_path from current as $$
      declare
        r record;
      begin
        select status, category_id, sort, langs into r from resource where id = new.resource_id;
        -- No resource: left to the foreign key to refuse, with its own message.
        if not found then
          return new;
        end if;
        new.resource_status := r.status;
        new.resource_category_id := r.category_id;
        new.resource_sort := r.sort;
        -- With this row's language already, as the trigger of 20261123T1500_search is about to
        -- make it: the copy back from the resource then finds this row up to date.
        new.resource_langs := array(select l from unnest(r.langs || new.lang) l group by l order by l);
        new.resource_version_ids := array(select v.version_id from resource_version v
          where v.resource_id = new.resource_id order by v.version_id);
        return new;
      end $$`.execute(db);
    await sql`
      create trigger resource_locale_filter before insert
      on resource_locale for each row execute function resource_locale_filter()`.execute(db);
    // A row moved to another resource takes that one's values after the move, not before: a
    // BEFORE UPDATE trigger of any kind makes every update recompute the generated vectors
    // (reading the whole text vector) and write new ones, so no update of the row could stay
    // on its page (HOT) and each rewrote all of its full-text index entries.
    await sql`
      create function resource_locale_moved() returns trigger language plpgsql
      set search_path from current as $$
      begin
        update resource_locale l
          set resource_status = r.status, resource_category_id = r.category_id, resource_sort = r.sort,
            resource_langs = r.langs,
            resource_version_ids = array(select v.version_id from resource_version v
              where v.resource_id = r.id order by v.version_id)
          from resource r
          where r.id = new.resource_id and l.resource_id = new.resource_id and l.lang = new.lang;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger resource_locale_moved after update of resource_id
      on resource_locale for each row execute function resource_locale_moved()`.execute(db);

    await sql`
      create function resource_filter_to_locales() returns trigger language plpgsql
      set search_path from current as $$
      begin
        update resource_locale l
          set resource_status = new.status, resource_category_id = new.category_id,
            resource_sort = new.sort, resource_langs = new.langs
          where l.resource_id = new.id
            and (l.resource_status, l.resource_category_id, l.resource_sort, l.resource_langs)
              is distinct from (new.status, new.category_id, new.sort, new.langs);
        return null;
      end $$`.execute(db);
    await sql`
      create trigger resource_filter_to_locales after update of status, category_id, sort, langs
      on resource for each row
      when ((old.status, old.category_id, old.sort, old.langs) is distinct from (new.status, new.category_id, new.sort, new.langs))
      execute function resource_filter_to_locales()`.execute(db);

    // One function for the four triggers below: each names the rows it saw `changed`.
    await sql`
      create function resource_versions_to_locales() returns trigger language plpgsql
      set search_path from current as $$
      begin
        update resource_locale l
          set resource_version_ids = v.ids
          from (select c.resource_id, array(select rv.version_id from resource_version rv
              where rv.resource_id = c.resource_id order by rv.version_id) as ids
            from (select distinct resource_id from changed) c) v
          where l.resource_id = v.resource_id and l.resource_version_ids is distinct from v.ids;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger resource_versions_inserted after insert on resource_version
      referencing new table as changed for each statement execute function resource_versions_to_locales()`.execute(db);
    await sql`
      create trigger resource_versions_deleted after delete on resource_version
      referencing old table as changed for each statement execute function resource_versions_to_locales()`.execute(db);
    // An update may move a row from one resource to another: both get their copy, in two
    // triggers since the function sees one transition table under one name.
    await sql`
      create trigger resource_versions_updated_from after update on resource_version
      referencing old table as changed for each statement execute function resource_versions_to_locales()`.execute(db);
    await sql`
      create trigger resource_versions_updated_to after update on resource_version
      referencing new table as changed for each statement execute function resource_versions_to_locales()`.execute(db);

    // The rows already there. `search || ''` rewrites the vector (a value read from its row
    // is a pointer to the out-of-line copy, and a row under 2 kB is never toasted), so the
    // title and headings vectors computed from it go out of line as new rows' do.
    await sql`drop index resource_locale_search`.execute(db);
    await sql`
      update resource_locale l
      set search = l.search || ''::tsvector,
        resource_status = r.status, resource_category_id = r.category_id, resource_sort = r.sort,
        resource_langs = r.langs,
        resource_version_ids = array(select rv.version_id from resource_version rv
          where rv.resource_id = r.id order by rv.version_id)
      from resource r where r.id = l.resource_id`.execute(db);
    await sql`create index resource_locale_search on resource_locale using gin (search) with (fastupdate = off)`.execute(
      db,
    );
    await sql`create index resource_locale_search_title on resource_locale using gin (search_title) with (fastupdate = off)`.execute(
      db,
    );
    await sql`create index resource_locale_search_head on resource_locale using gin (search_head) with (fastupdate = off)`.execute(
      db,
    );
  },

  async down(db: Kysely<unknown>) {
    // The vectors moved out of line stay there: only rows written afterwards keep them inline.
    await sql`drop index resource_locale_search_head`.execute(db);
    await sql`drop index resource_locale_search_title`.execute(db);
    for (const trigger of [
      'resource_versions_updated_to',
      'resource_versions_updated_from',
      'resource_versions_deleted',
      'resource_versions_inserted',
    ]) {
      await sql`drop trigger ${sql.id(trigger)} on resource_version`.execute(db);
    }
    await sql`drop trigger resource_filter_to_locales on resource`.execute(db);
    await sql`drop trigger resource_locale_moved on resource_locale`.execute(db);
    await sql`drop trigger resource_locale_filter on resource_locale`.execute(db);
    await sql`drop function resource_versions_to_locales()`.execute(db);
    await sql`drop function resource_locale_moved()`.execute(db);
    await sql`drop function resource_filter_to_locales()`.execute(db);
    await sql`drop function resource_locale_filter()`.execute(db);
    await sql`
      alter table resource_locale
        alter column search_title set statistics -1,
        alter column search_title set storage main,
        alter column search_head set statistics -1,
        alter column search_head set storage main,
        drop column resource_version_ids,
        drop column resource_langs,
        drop column resource_sort,
        drop column resource_category_id,
        drop column resource_status,
        reset (fillfactor)`.execute(db);
  },
};
