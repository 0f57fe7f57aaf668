/**
 * Search ranking and matching beyond reader.test.ts: tiers (title, headings, body) whatever
 * the density, prefixes typed past the stem, the total of a page past the end, and the
 * languages a resource is written in kept by the database (the served-language rule reads them).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { search as searchMigration } from '../../db/migrations/20261123T1500_search.js';
import { noReadCache } from '../../db/read-cache.js';
import { createLifecycle } from '../../lifecycle.js';
import { createServices, type Services } from '../../services.js';
import { createTestDatabase } from '../../../test/helpers.js';

let db: Database;
let services: Services;
let close: () => Promise<void>;
let guide = '';
const ids: Record<string, string> = {};

const many = (word: string, times: number) => Array.from({ length: times }, () => `${word} again.`).join(' ');

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  close = () => database.close();
  services = createServices({ db, readCache: noReadCache, clock: systemClock, lifecycle: createLifecycle() });
  const { categories, resources } = services;
  await db.transaction().execute(async (trx) => {
    guide = await categories.create(trx, { parent_id: null, status: 2, sort: 10, names: { en: 'Guides' } });
    const create = (sort: number, locales: { lang: string; title: string; markdown: string }[]) =>
      resources.create(trx, { category_id: guide, status: 2, sort, version_ids: [], locales });
    // Reading order puts the body match first and the title match last, so only the tiers
    // can put them the other way round.
    ids.body = await create(10, [{ lang: 'en', title: 'Queues', markdown: many('Escalation', 12) }]);
    ids.heading = await create(20, [{ lang: 'en', title: 'Tickets', markdown: '## Escalation rules\n\nSee below.' }]);
    ids.title = await create(30, [{ lang: 'en', title: 'Escalation policy', markdown: 'Who is paged next.' }]);
    ids.bodyZh = await create(40, [{ lang: 'zh-CN', title: '队列', markdown: many('软电话', 12) }]);
    ids.titleZh = await create(50, [{ lang: 'zh-CN', title: 'Web软电话集成', markdown: '概述。' }]);
    ids.transfer = await create(60, [{ lang: 'en', title: 'Transferring calls', markdown: 'Between queues.' }]);
  });
});
afterAll(() => close());

const search = async (keyword: string, lang: 'en' | 'zh-CN' = 'en', page?: { offset: number; limit: number }) =>
  services.resources.list({ version: 'all', lang, keyword }, page);
const idsOf = (list: { _id: string }[]) => list.map((row) => row._id);
const langsOf = async (id: string | undefined) =>
  (await sql<{ langs: string[] }>`select langs from resource where id = ${id ?? ''}`.execute(db)).rows[0]?.langs;

describe('search tiers', () => {
  it('puts the title above the headings above the body, however often the body repeats the word', async () => {
    expect(idsOf((await search('escalation')).list)).toEqual([ids.title, ids.heading, ids.body]);
    expect(idsOf((await search('软电话', 'zh-CN')).list)).toEqual([ids.titleZh, ids.bodyZh]);
  });

  it('counts the same matches it lists, and pages through them in the same order', async () => {
    const all = await search('escalation');
    expect(all.total).toBe(3);
    expect((await services.resources.count({ version: 'all', lang: 'en', keyword: 'escalation' })).total).toBe(3);
    const second = await search('escalation', 'en', { offset: 1, limit: 1 });
    expect(second).toMatchObject({ total: 3 });
    expect(idsOf(second.list)).toEqual([ids.heading]);
  });

  it('answers the total for a page past the end', async () => {
    expect(await search('escalation', 'en', { offset: 40, limit: 20 })).toEqual({ list: [], total: 3 });
    expect(await search('nothingmatchesthis', 'en', { offset: 0, limit: 20 })).toEqual({ list: [], total: 0 });
  });
});

describe('prefixes', () => {
  it('finds a word from a prefix longer than its stem', async () => {
    // 'escalation' is stemmed to 'escal', 'transferring' to 'transfer'.
    for (const prefix of ['escal', 'escalat', 'escalatio']) {
      expect(idsOf((await search(prefix)).list)).toEqual([ids.title, ids.heading, ids.body]);
    }
    for (const prefix of ['transfer', 'transferr', 'transferrin', 'transferring']) {
      expect(idsOf((await search(prefix)).list)).toEqual([ids.transfer]);
    }
  });
});

describe('the languages of a resource', () => {
  it('are kept by the database as locales are added and removed, and decide the served language', async () => {
    const id = ids.transfer;
    expect(await langsOf(id)).toEqual(['en']);
    await db.transaction().execute(async (trx) => {
      await services.resources.writeLocale(
        trx,
        id ?? '',
        { lang: 'zh-CN', title: '转接电话', markdown: '在队列之间转接。' },
        new Date(),
      );
    });
    expect(await langsOf(id)).toEqual(['en', 'zh-CN']);
    // A Japanese reader is served zh-CN now, and a search in the English text no longer finds it.
    const ja = await services.resources.list({ version: 'all', lang: 'ja' }, undefined);
    expect(ja.list.find((row) => row._id === id)).toMatchObject({ lang: 'zh-CN', fallback: true });
    expect(
      idsOf((await services.resources.list({ version: 'all', lang: 'ja', keyword: 'transfer' }, undefined)).list),
    ).toEqual([]);

    await db
      .deleteFrom('resource_locale')
      .where('resource_id', '=', id ?? '')
      .where('lang', '=', 'zh-CN')
      .execute();
    expect(await langsOf(id)).toEqual(['en']);
    expect(
      idsOf((await services.resources.list({ version: 'all', lang: 'ja', keyword: 'transfer' }, undefined)).list),
    ).toEqual([id]);
  });

  it('survive the deletion of their resource', async () => {
    const id = await db.transaction().execute((trx) =>
      services.resources.create(trx, {
        category_id: guide,
        version_ids: [],
        locales: [{ lang: 'en', title: 'Short-lived', markdown: 'Gone soon.' }],
      }),
    );
    await db.deleteFrom('resource').where('id', '=', id).execute();
    expect(await langsOf(id)).toBeUndefined();
  });
});

describe('planner statistics', () => {
  it('are never gathered for the text vector, so a search is always planned from the index', async () => {
    await sql`analyze resource_locale`.execute(db);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stats
      where schemaname = current_schema() and tablename = 'resource_locale' and attname = 'search'`.execute(db);
    expect(rows[0]?.n).toBe(0);
  });
});

describe('the search migration', () => {
  it('fills the languages and the written words of rows saved before it', async () => {
    await searchMigration.down?.(db);
    // As the earlier migrations left it: English stems only, no languages.
    await sql`update resource_locale set search = setweight(to_tsvector('english', title), 'A')
      || setweight(to_tsvector('english', plain), 'C')`.execute(db);
    const matches = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from resource_locale
          where search @@ to_tsquery('english', ${"'transferr':*"})`.execute(db)
      ).rows[0]?.n;
    expect(await matches()).toBe(0);
    await searchMigration.up(db);
    expect(await matches()).toBe(1);
    expect(await langsOf(ids.transfer)).toEqual(['en']);
    // The plain text holds the headings too, so the heading's document now matches in its body.
    expect(idsOf((await search('escalat')).list).sort()).toEqual([ids.title, ids.heading, ids.body].sort());
    expect(idsOf((await search('transferr')).list)).toEqual([ids.transfer]);
  });
});
