import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { systemClock } from '../../clock.js';
import { noReadCache } from '../../db/read-cache.js';
import { createLifecycle } from '../../lifecycle.js';
import { createServices, type Services } from '../../services.js';
import { createTestDatabase } from '../../../test/helpers.js';
import { errorCodePage, seedDocsIfEmpty, splitTitle } from './seed-docs.js';

let services: Services;
let close: () => Promise<void>;
let seeded: boolean;
let again: boolean;

beforeAll(async () => {
  const database = await createTestDatabase();
  close = () => database.close();
  services = createServices({
    db: database.db,
    readCache: noReadCache,
    clock: systemClock,
    lifecycle: createLifecycle(),
  });
  seeded = await seedDocsIfEmpty({ db: database.db, ...services });
  again = await seedDocsIfEmpty({ db: database.db, ...services });
});
afterAll(() => close());

describe('the seeded documentation', () => {
  it('loads once', () => {
    expect([seeded, again]).toEqual([true, false]);
  });

  it('differs between the two versions and falls back to Chinese where English is missing', async () => {
    const { list: versions } = await services.versions.listForReaders();
    const totals = await Promise.all(
      versions.map(async (v) => (await services.resources.count({ version: v._id, lang: 'en' })).total),
    );
    expect(new Set(totals).size).toBe(2);
    const all = await services.resources.list({ version: 'all', lang: 'en' }, undefined);
    expect(all.list.some((row) => row.fallback && row.lang === 'zh-CN')).toBe(true);
  });

  it('finds the Chinese quick start mid-word, and has an FAQ of at least 8 questions', async () => {
    const hits = await services.resources.list({ version: 'all', lang: 'zh-CN', keyword: '软电话' }, undefined);
    expect(hits.list.map((row) => row.title)).toContain('Web软电话集成快速入门');
    expect((await services.resources.faq({ version: 'all', lang: 'en' })).list.length).toBeGreaterThanOrEqual(8);
  });

  it('generates the error-code page from the catalogue', async () => {
    const page = errorCodePage('en');
    for (const { code } of Object.values(errorCatalogue)) expect(page.markdown).toContain(`| ${code} |`);
    const hits = await services.resources.list(
      { version: 'all', lang: 'en', keyword: String(errorCatalogue.badJson.code) },
      undefined,
    );
    expect(hits.list.map((row) => row.title)).toContain('Error codes');
  });
});

describe('splitTitle', () => {
  it('takes the first line as the title and refuses a file without one', () => {
    expect(splitTitle('# Hello\n\nBody', 'a.md')).toEqual({ title: 'Hello', markdown: 'Body' });
    expect(() => splitTitle('Body', 'a.md')).toThrow(/a\.md/);
  });
});
