/**
 * Searches that forgive a slip of the keyboard (issue #23): a word that matches nothing is
 * corrected to a word the published documentation holds, and the answer says so; a word that
 * matches almost nothing is searched with its correction too, its own matches first; the words
 * the correction draws from follow every save, publication and removal.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '@open/protocol/locales';
import { systemClock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { noReadCache } from '../../db/read-cache.js';
import { createLifecycle } from '../../lifecycle.js';
import { createServices, type Services } from '../../services.js';
import { createTestDatabase } from '../../../test/helpers.js';

let db: Database;
let services: Services;
let close: () => Promise<void>;
let guide = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  close = () => database.close();
  services = createServices({ db, readCache: noReadCache, clock: systemClock, lifecycle: createLifecycle() });
  const { categories, resources } = services;
  await db.transaction().execute(async (trx) => {
    guide = await categories.create(trx, { parent_id: null, status: 2, sort: 10, names: { en: 'Guides' } });
    const create = (sort: number, title: string, markdown: string, lang = 'en', status: 1 | 2 = 2) =>
      resources.create(trx, {
        category_id: guide,
        status,
        sort,
        version_ids: [],
        locales: [{ lang, title, markdown }],
      });
    ids.configuration = await create(10, 'Configuration', 'Every configuration option of the softphone.');
    ids.policy = await create(20, 'Escalation policy', 'The configuration of an escalation policy.');
    ids.sdk = await create(30, 'The SDK', 'Call the constructor with your options.');
    ids.testing = await create(40, 'Testing your integration', 'Testing against the sandbox.');
    ids.preserve = await create(50, 'Sessions', 'Resuming preserves the agent status.');
    // A rare word one edit from a common one: 'recieve' once (a typo in the docs), 'receive' thrice.
    ids.typoInDocs = await create(60, 'Inbound', 'Agents recieve calls from the queue.');
    ids.receive1 = await create(70, 'Events', 'You receive an event for each call.');
    ids.receive2 = await create(80, 'Webhooks', 'Webhooks receive a signature.');
    ids.receive3 = await create(90, 'Queues', 'Agents receive calls in order.');
    ids.zh = await create(100, '软电话配置', '在坐席工作台中配置软电话。', 'zh-CN');
    ids.draft = await create(110, 'Draft', 'An unpublished page about interceptors.', 'en', 1);
  });
});
afterAll(() => close());

const search = (
  keyword: string,
  more: { lang?: Lang; as_typed?: boolean; page?: { offset: number; limit: number } } = {},
) => services.resources.list({ version: 'all', lang: more.lang ?? 'en', keyword, as_typed: more.as_typed }, more.page);
const idsOf = (list: { _id: string }[]) => list.map((row) => row._id);
const wordCount = async (word: string, lang = 'en') =>
  (await sql<{ docs: number }>`select docs from search_word where lang = ${lang} and word = ${word}`.execute(db))
    .rows[0]?.docs ?? 0;

describe('a word that matches nothing', () => {
  it('is corrected to the word the documentation holds, and the answer says what was searched', async () => {
    const found = await search('configuratoin');
    expect(found.corrected).toEqual({ keyword: 'configuration', also_typed: false });
    expect(idsOf(found.list)).toEqual([ids.configuration, ids.policy]);
    expect(found.total).toBe(2);
    // The snippet marks the corrected word, as the reader will see it.
    expect(found.list[0]?.snippet).toContain('<mark>configuration</mark>');
  });

  it('corrects each slip: a swap, a dropped, a doubled and a wrong letter', async () => {
    for (const [typed, meant, id] of [
      ['constuctor', 'constructor', ids.sdk],
      ['tsting', 'testing', ids.testing],
      ['perserve', 'preserves', ids.preserve],
      ['configurration', 'configuration', ids.configuration],
    ] as const) {
      const found = await search(typed);
      expect(found.corrected, typed).toEqual({ keyword: meant, also_typed: false });
      expect(idsOf(found.list), typed).toContain(id);
    }
  });

  it('keeps the other words and the rest of the keyword as typed', async () => {
    const found = await search('Escalation  configuratoin');
    expect(found.corrected).toEqual({ keyword: 'Escalation  configuration', also_typed: false });
    expect(idsOf(found.list)).toEqual([ids.policy]);
    // The count agrees, and says the same.
    expect(
      await services.resources.count({ version: 'all', lang: 'en', keyword: 'Escalation  configuratoin' }),
    ).toEqual({
      total: 1,
      corrected: { keyword: 'Escalation  configuration', also_typed: false },
    });
  });

  it('is searched as typed when the reader asks, and then finds nothing', async () => {
    expect(await search('configuratoin', { as_typed: true })).toEqual({ list: [], total: 0 });
  });

  it('is left alone when nothing is close enough, or it is short, Chinese, or only in a draft', async () => {
    for (const keyword of ['konfigurashun', 'tset', 'qqqq', '配制软电话', 'interceptors']) {
      const found = await search(keyword);
      expect(found.corrected, keyword).toBeUndefined();
      expect(found.total, keyword).toBe(0);
    }
  });

  it('corrects from the languages the reader is served, the fallbacks included', async () => {
    // A German reader is served the English pages (DOC_FALLBACK_LANGS: English, then zh-CN).
    const found = await search('configuratoin', { lang: 'de' });
    expect(found.corrected).toEqual({ keyword: 'configuration', also_typed: false });
    expect(found.total).toBe(2);
  });
});

describe('a word that matches almost nothing', () => {
  it('is searched with its commoner neighbour too, its own matches first', async () => {
    const found = await search('recieve');
    expect(found.corrected).toEqual({ keyword: 'receive', also_typed: true });
    expect(found.total).toBe(4);
    expect(idsOf(found.list)[0]).toBe(ids.typoInDocs);
    expect(idsOf(found.list).slice(1).sort()).toEqual([ids.receive1, ids.receive2, ids.receive3].sort());
    // Paged, the order holds across the boundary between the two.
    const first = await search('recieve', { page: { offset: 0, limit: 2 } });
    const second = await search('recieve', { page: { offset: 2, limit: 2 } });
    expect([...idsOf(first.list), ...idsOf(second.list)]).toEqual(idsOf(found.list));
    expect(second.total).toBe(4);
    expect((await services.resources.count({ version: 'all', lang: 'en', keyword: 'recieve' })).total).toBe(4);
  });

  it('is not corrected when it matches enough', async () => {
    const found = await search('receive');
    expect(found.corrected).toBeUndefined();
    expect(found.total).toBe(3);
  });
});

describe('the words a search may be corrected to', () => {
  it('follow every save, publication and removal of a page', async () => {
    expect(await wordCount('interceptors')).toBe(0);
    await sql`update resource set status = 2 where id = ${ids.draft}`.execute(db);
    expect(await wordCount('interceptors')).toBe(1);
    expect((await search('interceptros')).corrected).toEqual({ keyword: 'interceptors', also_typed: false });

    await sql`update resource_locale set plain = 'An unpublished page about filters.' where resource_id = ${ids.draft}`.execute(
      db,
    );
    expect(await wordCount('interceptors')).toBe(0);
    expect(await wordCount('filters')).toBe(1);
    expect(await wordCount('unpublished')).toBe(1);

    await sql`update resource set status = 3 where id = ${ids.draft}`.execute(db);
    expect(await wordCount('filters')).toBe(0);
    await sql`update resource set status = 2 where id = ${ids.draft}`.execute(db);
    expect(await wordCount('filters')).toBe(1);

    await sql`delete from resource_locale where resource_id = ${ids.draft}`.execute(db);
    expect(await wordCount('filters')).toBe(0);
    expect(await wordCount('unpublished')).toBe(0);
    // Words other pages hold keep their counts.
    expect(await wordCount('configuration')).toBe(2);
  });

  it('hold Latin words of four letters or more, not Chinese, numbers or short words', async () => {
    const { rows } = await sql<{ word: string }>`select word from search_word`.execute(db);
    const words = rows.map((row) => row.word);
    expect(words).toContain('softphone');
    expect(words).not.toContain('the');
    expect(words.some((word) => /[\u4e00-\u9fff]/u.test(word))).toBe(false);
  });
});
