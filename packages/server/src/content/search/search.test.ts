/**
 * Search ranking and matching beyond reader.test.ts: tiers (title, headings, body) whatever
 * the density, prefixes typed past the stem, the total of a page past the end, and the
 * languages a resource is written in kept by the database (the served-language rule reads them).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { search as searchMigration } from '../../db/migrations/20261123T1500_search.js';
import { searchFilter as searchFilterMigration } from '../../db/migrations/20261123T1600_search_filter.js';
import { searchWords as searchWordsMigration } from '../../db/migrations/20261126T1400_search_words.js';
import { searchTop as searchTopMigration } from '../../db/migrations/20261126T1900_search_top.js';
import { langsAtCommit as langsAtCommitMigration } from '../../db/migrations/20261126T2300_langs_at_commit.js';
import { announceLangs } from '../resources/resource.data.js';
import { RANKED_TIER_LIMIT } from './search.data.js';
import { noReadCache } from '../../db/read-cache.js';
import { CODE_END, CODE_START } from './visible-text.js';
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

/** A published English page in Guides, written in the caller's transaction; its id. */
const createPage = (trx: Executor, sort: number, title: string, markdown: string) =>
  services.resources.create(trx, {
    category_id: guide,
    status: 2,
    sort,
    version_ids: [],
    locales: [{ lang: 'en', title, markdown }],
  });
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

  it('pages through tiers larger than a page in the order of the whole list, with the exact total', async () => {
    // A page filled by title matches never reads the headings' rows: the next pages must
    // still continue into them, and the bodies, exactly where the whole list does.
    await db.transaction().execute(async (trx) => {
      const create = (sort: number, title: string, markdown: string) => createPage(trx, sort, title, markdown);
      for (const at of [0, 1, 2]) await create(300 + at, `Widget ${at}`, 'Parts.');
      for (const at of [3, 4]) await create(300 + at, `Part ${at}`, '## Widget rules\n\nBelow.');
      for (const at of [5, 6]) await create(300 + at, `Part ${at}`, 'A widget, in passing.');
    });
    const whole = await search('widget');
    expect(whole.total).toBe(7);
    for (const limit of [1, 2, 3, 4]) {
      const paged: string[] = [];
      for (let offset = 0; offset < 7; offset += limit) {
        const page = await search('widget', 'en', { offset, limit });
        expect(page.total).toBe(7);
        paged.push(...idsOf(page.list));
      }
      expect(paged).toEqual(idsOf(whole.list));
    }
  });

  it('answers the total for a page past the end', async () => {
    expect(await search('escalation', 'en', { offset: 40, limit: 20 })).toEqual({ list: [], total: 3 });
    expect(await search('nothingmatchesthis', 'en', { offset: 0, limit: 20 })).toEqual({ list: [], total: 0 });
  });
});

describe('whole words and phrases', () => {
  const ranked: Record<string, string> = {};
  beforeAll(async () => {
    await db.transaction().execute(async (trx) => {
      const create = (sort: number, title: string, markdown: string) => createPage(trx, sort, title, markdown);
      // Reading order puts the pages that only share the start of the word first.
      ranked.serverTitle = await create(100, 'Server setup', 'Install it.');
      ranked.serviceTitle = await create(110, 'Service levels', 'Targets.');
      ranked.serveBody = await create(120, 'Static files', 'The node can serve the files itself.');
      ranked.servesTitle = await create(130, 'What the gateway serves', 'Sockets.');
      // The words apart, but more often: denser by ts_rank_cd than one phrase.
      ranked.apart = await create(140, 'Signing', many('Callback then token', 4));
      ranked.phrase = await create(150, 'Verifying', 'Check the callback token before trusting the call.');
    });
  });

  it('lists the pages with the word as written, then its other forms, before those that only share its start', async () => {
    const listed = idsOf((await search('serve')).list);
    // The word as written, then its other forms (one stem), then the words that only start so,
    // each kind in its tiers.
    expect(listed).toEqual([ranked.serveBody, ranked.servesTitle, ranked.serverTitle, ranked.serviceTitle]);
    expect((await search('serve')).total).toBe(4);
    // Paged across the boundary, the same order and total.
    const pages = [0, 1, 2, 3].map((offset) => search('serve', 'en', { offset, limit: 1 }));
    const got = await Promise.all(pages);
    expect(got.map((page) => page.list[0]?._id)).toEqual(listed);
    expect(got.every((page) => page.total === 4)).toBe(true);
    // A prefix that is no word's stem: every match shares the start only, as before.
    expect(idsOf((await search('servi')).list)).toEqual([ranked.serviceTitle]);
  });

  it('puts a page with the words as a phrase before one that has them apart', async () => {
    expect(idsOf((await search('callback token')).list)).toEqual([ranked.phrase, ranked.apart]);
    // In the other order neither holds the phrase: the denser comes first.
    expect(idsOf((await search('token callback')).list)).toEqual([ranked.apart, ranked.phrase]);
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

describe('a tier too large to rank from the text vectors', () => {
  it('puts the pages that use the word most, for their length, first', async () => {
    const created: Record<string, string> = {};
    await db.transaction().execute(async (trx) => {
      const create = (sort: number, markdown: string) =>
        services.resources.create(trx, {
          category_id: guide,
          status: 2,
          sort,
          version_ids: [],
          locales: [{ lang: 'en', title: `Part ${sort}`, markdown }],
        });
      const filler = Array.from({ length: 60 }, (_, at) => `word${at}`).join(' ');
      // More pages with the word in a heading than a tier ranks from the vectors, using it once
      // more, all of them in reading order before the three below.
      for (let at = 0; at <= RANKED_TIER_LIMIT; at += 1) {
        await create(1000 + at, `## Gizmo\n\nThe gizmo, then ${filler}.`);
      }
      // The word as often in both, but one page is twice as long; the last one uses it less
      // often, but more than the pages above.
      created.long = await create(2000, `## Gizmo\n\n${many('Gizmo', 8)} ${filler} ${filler}`);
      created.short = await create(2001, `## Gizmo\n\n${many('Gizmo', 8)} ${filler}`);
      created.few = await create(2002, `## Gizmo\n\n${many('Gizmo', 4)} ${filler}`);
    });
    const { list, total } = await search('gizmo');
    expect(total).toBe(RANKED_TIER_LIMIT + 4);
    const first = idsOf(list).slice(0, 3);
    expect(first[0]).toBe(created.short);
    expect(new Set(first)).toEqual(new Set([created.short, created.long, created.few]));
  });
});

describe('the languages of a resource', () => {
  it('are known to each locale row when it is inserted, so writing a resource rewrites none of its rows', async () => {
    const copies = (id: string) =>
      db
        .selectFrom('resource_locale')
        .select(['lang', 'resource_langs'])
        .where('resource_id', '=', id)
        .orderBy('lang')
        .execute();
    const id = await db.transaction().execute(async (trx) => {
      const created = await services.resources.create(trx, {
        category_id: guide,
        status: 2,
        sort: 500,
        version_ids: [],
        locales: [
          { lang: 'zh-CN', title: '排队', markdown: '等待。' },
          { lang: 'en', title: 'Queueing', markdown: 'Waiting.' },
        ],
      });
      // The checks at commit, now: neither locale row was updated after its insert.
      await sql`set constraints all immediate`.execute(trx);
      const updated = await sql<{ n: number }>`
        select pg_stat_get_xact_tuples_updated('resource_locale'::regclass)::int as n`.execute(trx);
      expect(updated.rows[0]?.n).toBe(0);
      return created;
    });
    expect(await langsOf(id)).toEqual(['en', 'zh-CN']);
    expect(await copies(id)).toEqual([
      { lang: 'en', resource_langs: ['en', 'zh-CN'] },
      { lang: 'zh-CN', resource_langs: ['en', 'zh-CN'] },
    ]);

    // A writer that announces a language it then does not write is put right at commit.
    await db.transaction().execute(async (trx) => {
      await announceLangs(trx, id, ['en', 'fr', 'zh-CN']);
    });
    expect(await langsOf(id)).toEqual(['en', 'zh-CN']);
    expect(await copies(id)).toEqual([
      { lang: 'en', resource_langs: ['en', 'zh-CN'] },
      { lang: 'zh-CN', resource_langs: ['en', 'zh-CN'] },
    ]);
  });

  it('are kept by the database as locales are added and removed, and decide the served language', async () => {
    const id = ids.transfer;
    expect(await langsOf(id)).toEqual(['en']);
    await db.transaction().execute(async (trx) => {
      await services.resources.writeLocale(
        trx,
        id ?? '',
        { lang: 'ja', title: '通話の転送', markdown: '待ち行列の間で転送します。' },
        new Date(),
      );
    });
    expect(await langsOf(id)).toEqual(['en', 'ja']);
    // A Japanese reader is served Japanese now, and a search in the English text no longer finds it.
    const ja = await services.resources.list({ version: 'all', lang: 'ja' }, undefined);
    expect(ja.list.find((row) => row._id === id)).toMatchObject({ lang: 'ja', fallback: false });
    expect(
      idsOf((await services.resources.list({ version: 'all', lang: 'ja', keyword: 'transfer' }, undefined)).list),
    ).toEqual([]);

    await db
      .deleteFrom('resource_locale')
      .where('resource_id', '=', id ?? '')
      .where('lang', '=', 'ja')
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

/** Locale rows whose copies of their resource (what a search filters on) differ from it. */
const stale = async () =>
  (
    await sql<{ n: number }>`select count(*)::int as n from resource_locale l join resource r on r.id = l.resource_id
      where (l.resource_status, l.resource_category_id, l.resource_sort, l.resource_langs)
          is distinct from (r.status, r.category_id, r.sort, r.langs)
        or l.resource_version_ids is distinct from
          array(select v.version_id from resource_version v where v.resource_id = r.id order by v.version_id)`.execute(
      db,
    )
  ).rows[0]?.n;

describe('the copies of a resource in its locale rows', () => {
  it('follow its status, category, sort, versions and languages, whichever way they are written', async () => {
    const versions = await db.selectFrom('version').select('id').orderBy('sort').execute();
    const [v1, v2] = versions.map((v) => v.id) as [string, string];
    const hidden = await db
      .transaction()
      .execute((trx) =>
        services.categories.create(trx, { parent_id: null, status: 1, sort: 20, names: { en: 'Drafts' } }),
      );
    const saved = await services.resourceCms.save(
      {
        category_id: guide,
        version_ids: [v1],
        locales: [{ lang: 'en', title: 'Webhook retries', markdown: 'Retried.' }],
      },
      'alice',
    );
    const id = saved._id;
    const found = async (version = 'all') => {
      const query = { version, lang: 'en' as const, keyword: 'webhook' };
      const { list, total } = await services.resources.list(query, { offset: 0, limit: 20 });
      expect((await services.resources.count(query)).total).toBe(total);
      expect(await stale()).toBe(0);
      return idsOf(list).includes(id) ? total : 0;
    };
    expect(await found()).toBe(0); // unpublished
    await services.resourceCms.setStatus({ _id: id, status: 2, revision: 1 }, 'alice');
    expect(await found()).toBe(1);
    expect(await found(v1)).toBe(1);
    expect(await found(v2)).toBe(0);

    const save = async (
      change: { category_id?: string; version_ids?: string[]; remove_langs?: string[] },
      revision: number,
    ) =>
      services.resourceCms.save(
        { _id: id, revision, category_id: guide, version_ids: [v1], locales: [], ...change },
        'alice',
      );
    await save({ version_ids: [v2] }, 2);
    expect([await found(v1), await found(v2)]).toEqual([0, 1]);
    await save({ category_id: hidden, version_ids: [v2] }, 3);
    expect(await found()).toBe(0);
    await save({ version_ids: [v1, v2] }, 4);
    expect([await found(v1), await found(v2)]).toEqual([1, 1]);

    // A language earlier in a reader's chain takes over: a Japanese reader (ja, en, zh-CN) is
    // served the Japanese text, which holds no 'webhook'.
    await services.resources.writeLocale(
      db,
      id,
      { lang: 'ja', title: '再試行', markdown: '再試行します。' },
      new Date(),
    );
    const ja = async () =>
      idsOf((await services.resources.list({ version: 'all', lang: 'ja', keyword: 'webhook' }, undefined)).list);
    expect(await ja()).toEqual([]);
    expect(await stale()).toBe(0);
    await save({ version_ids: [v1, v2], remove_langs: ['ja'] }, 5);
    expect(await ja()).toEqual([id]);

    // Written by hand, not through a service, the copies follow all the same.
    await db.updateTable('resource').set({ status: 3 }).where('id', '=', id).execute();
    expect(await found()).toBe(0);
    await db.updateTable('resource').set({ status: 2, sort: 1 }).where('id', '=', id).execute();
    await db.deleteFrom('resource_version').where('resource_id', '=', id).execute();
    expect([await found(), await found(v1)]).toEqual([1, 0]);
    await db.insertInto('resource_version').values({ resource_id: id, version_id: v1 }).execute();
    expect(await found(v1)).toBe(1);
    await db
      .updateTable('resource_version')
      .set({ resource_id: ids.titleZh ?? '' })
      .where('resource_id', '=', id)
      .execute();
    expect(await found(v1)).toBe(0);
    // A language moved to another resource takes that one's values.
    await db
      .updateTable('resource_locale')
      .set({ resource_id: ids.titleZh ?? '' })
      .where('resource_id', '=', id)
      .execute();
    expect(await stale()).toBe(0);
    await db.deleteFrom('resource').where('id', '=', id).execute();
    expect(await stale()).toBe(0);
  });

  it('order equal matches in document order, as the sort changes', async () => {
    const [first, second] = await db.transaction().execute(async (trx) => [
      await services.resources.create(trx, {
        category_id: guide,
        status: 2,
        sort: 70,
        version_ids: [],
        locales: [{ lang: 'en', title: 'Voicemail', markdown: 'Greeting.' }],
      }),
      await services.resources.create(trx, {
        category_id: guide,
        status: 2,
        sort: 80,
        version_ids: [],
        locales: [{ lang: 'en', title: 'Voicemail', markdown: 'Greeting.' }],
      }),
    ]);
    expect(idsOf((await search('voicemail')).list)).toEqual([first, second]);
    await db.updateTable('resource').set({ sort: 90 }).where('id', '=', first).execute();
    expect(idsOf((await search('voicemail')).list)).toEqual([second, first]);
    expect(await stale()).toBe(0);
  });
});

describe('snippets and the indexed text', () => {
  const markdown = [
    'Put the dial pad beside your page.',
    '',
    '```html',
    '<div style="margin-left: 380px">',
    '  <p>Agent status: <span id="agent-status">-</span></p>',
    '</div>',
    '```',
    '',
    '## Firewall **ports**',
    '',
    '| Port | Protocol | Use |',
    '|---|---|---|',
    '| 443 | TCP | Signalling |',
    '| 10000 | UDP | Media |',
  ].join('\n');
  let id = '';
  beforeAll(async () => {
    id = await db.transaction().execute((trx) =>
      services.resources.create(trx, {
        category_id: guide,
        status: 2,
        sort: 100,
        version_ids: [],
        locales: [{ lang: 'en', title: 'Embedding example', markdown }],
      }),
    );
  });
  const hit = async (keyword: string) => (await search(keyword)).list.find((row) => row._id === id);

  it('show code as the code a reader sees, never the tags of our rendering', async () => {
    const found = await hit('margin');
    expect(found?.snippet).toContain('&lt;div style=&quot;<mark>margin</mark>-left: 380px&quot;&gt;');
    expect(found?.snippet).not.toMatch(/hljs|&lt;span class|&lt;pre|&lt;code/);
    for (const mark of [CODE_START, CODE_END]) expect(found?.snippet).not.toContain(mark);
    // The highlighter's class names and our tags are no words of the document.
    for (const word of ['hljs', 'pre', 'thead']) expect(await hit(word)).toBeUndefined();
  });

  it('show a table row as its separated cells, and headings without their marks', async () => {
    expect((await hit('signalling'))?.snippet).toContain('443 · TCP · <mark>Signalling</mark>');
    expect((await hit('firewall'))?.snippet).toContain('<mark>Firewall</mark> ports Port · Protocol · Use');
  });

  it('are derived again at start for rows an older derivation wrote, with the card summary', async () => {
    const summaryOf = async () =>
      (await sql<{ summary: string }>`select summary from resource_locale where resource_id = ${id}`.execute(db))
        .rows[0]?.summary;
    const saved = await summaryOf();
    await sql`update resource_locale set plain = 'Stale text.', search = to_tsvector('english', 'stale text'),
      summary = 'Stale summary.', search_text_revision = 1 where resource_id = ${id}`.execute(db);
    expect(await hit('signalling')).toBeUndefined();
    expect(await services.resources.reindexStale()).toBe(1);
    expect((await hit('signalling'))?.snippet).toContain('443 · TCP · <mark>Signalling</mark>');
    expect(await hit('stale')).toBeUndefined();
    expect(await summaryOf()).toBe(saved);
    // The headings keep their weight: the document is in the headings tier for 'firewall'.
    expect(idsOf((await search('firewall')).list)).toEqual([id]);
    expect(await services.resources.reindexStale()).toBe(0);
  });
});

describe('planner statistics', () => {
  it('are never gathered for the text vectors, so a search is always planned from the index', async () => {
    await sql`analyze resource_locale`.execute(db);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stats
      where schemaname = current_schema() and tablename = 'resource_locale'
        and attname in ('search', 'search_title', 'search_head', 'search_top')`.execute(db);
    expect(rows[0]?.n).toBe(0);
  });
});

describe('the most frequent words of a row', () => {
  it('keep any lexeme, quotes and backslashes included, with how often as its weight', async () => {
    const { rows } = await sql<{ top: string }>`
      select search_top_of(${"'it''s':1,2,3 'c:\\\\x':4 'plain':5,6,7,8,9,10,11,12,13,14,15"}::tsvector)::text as top`.execute(
      db,
    );
    // D, the default weight, is not written out.
    expect(rows[0]?.top).toBe("'c:\\\\x':3 'it''s':2C 'plain':1A");
  });
});

describe('the search migration', () => {
  it('fills the languages and the written words of rows saved before it', async () => {
    // The later migrations first: their triggers read what this one adds.
    await langsAtCommitMigration.down?.(db);
    await searchTopMigration.down?.(db);
    await searchWordsMigration.down?.(db);
    await searchFilterMigration.down?.(db);
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
    await searchFilterMigration.up(db);
    await searchWordsMigration.up(db);
    await searchTopMigration.up(db);
    await langsAtCommitMigration.up(db);
    expect(await matches()).toBe(1);
    expect(await langsOf(ids.transfer)).toEqual(['en']);
    // The plain text holds the headings too, so the heading's document now matches in its body.
    expect(idsOf((await search('escalat')).list).sort()).toEqual([ids.title, ids.heading, ids.body].sort());
    expect(idsOf((await search('transferr')).list)).toEqual([ids.transfer]);
  });
});
