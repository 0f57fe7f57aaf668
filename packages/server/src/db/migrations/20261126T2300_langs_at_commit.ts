import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A resource's languages (`resource.langs`, 20261123T1500_search) are settled when its
 * transaction commits, not after each locale row, and never rewritten with the value they have.
 *
 * Each locale row carries a copy of the languages (`resource_langs`, 20261123T1600_search_filter)
 * for the search's served-language rule. Learned one row at a time, a resource written in two
 * languages had its first row rewritten when the second arrived: after loading the search
 * benchmark's 10,000 resources, 8,800 dead rows made up a third of `resource_locale`'s pages
 * (19 MB where 13 MB hold the live rows), and a search visits the row of every match. Now the
 * writers (content/resources) set the languages a save will leave before writing its rows, so
 * each row is inserted with the full set, and this trigger checks them at commit: a writer that
 * does not say, or says wrong, is put right then, with the copies (the rows are rewritten once,
 * as before), whether or not it wrote a row.
 */
export const langsAtCommit: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create or replace function resource_locale_langs() returns trigger language plpgsql
      set search_path from current as $$
      declare
        rid text := case when tg_op = 'DELETE' then old.resource_id else new.resource_id end;
        settled text[];
      begin
        if tg_op = 'UPDATE' and old.resource_id <> new.resource_id then
          update resource set langs = array(select l.lang from resource_locale l
            where l.resource_id = old.resource_id order by l.lang) where resource.id = old.resource_id;
        end if;
        settled := array(select l.lang from resource_locale l where l.resource_id = rid order by l.lang);
        update resource set langs = settled where resource.id = rid and resource.langs is distinct from settled;
        return null;
      end $$`.execute(db);
    await sql`drop trigger resource_locale_langs on resource_locale`.execute(db);
    await sql`
      create constraint trigger resource_locale_langs after insert or delete or update of resource_id, lang
      on resource_locale deferrable initially deferred
      for each row execute function resource_locale_langs()`.execute(db);
    // And what a writer says of them (a language it then did not write) is checked against the
    // rows at commit too, even when it wrote no row at all.
    await sql`
      create function resource_langs_settle() returns trigger language plpgsql
      set search_path from current as $$
      declare
        settled text[] := array(select l.lang from resource_locale l where l.resource_id = new.id order by l.lang);
      begin
        update resource set langs = settled where resource.id = new.id and resource.langs is distinct from settled;
        return null;
      end $$`.execute(db);
    await sql`
      create constraint trigger resource_langs_settled after update of langs
      on resource deferrable initially deferred
      for each row execute function resource_langs_settle()`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`drop trigger resource_langs_settled on resource`.execute(db);
    await sql`drop function resource_langs_settle()`.execute(db);
    await sql`drop trigger resource_locale_langs on resource_locale`.execute(db);
    await sql`
      create or replace function resource_locale_langs() returns trigger language plpgsql
      set search_path from current as $$
      begin
        if tg_op <> 'INSERT' then
          update resource set langs = array(select l.lang from resource_locale l
            where l.resource_id = old.resource_id order by l.lang) where id = old.resource_id;
        end if;
        if tg_op <> 'DELETE' then
          update resource set langs = array(select l.lang from resource_locale l
            where l.resource_id = new.resource_id order by l.lang) where id = new.resource_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger resource_locale_langs after insert or delete or update of resource_id, lang
      on resource_locale for each row execute function resource_locale_langs()`.execute(db);
  },
};
