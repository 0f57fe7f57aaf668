import { describe, expect, it } from 'vitest';
import type { CmsResource } from '@open/protocol/api';
import type { Lang } from '@open/protocol/locales';
import { inTabOrder, stateOf } from './edit-state';

/** A resource as the server answers it: languages in the product's order (English before Chinese). */
const resource = (...langs: Lang[]): CmsResource => ({
  _id: 'r1',
  category_id: 'c1',
  status: 1,
  sort: 0,
  revision: 2,
  title: 'title',
  langs,
  version_ids: [],
  updated_at: '2026-11-23T00:00:00.000Z',
  updated_by: null,
  attachments: [],
  locales: langs.map((lang) => ({
    lang,
    title: `title ${lang}`,
    markdown: '',
    html: '',
    updated_at: '2026-11-23T00:00:00.000Z',
  })),
});

const langsOf = (r: CmsResource) => r.locales.map((l) => l.lang);

describe('the order of the language tabs', () => {
  it('opens a resource with the original language first, the others in the order the server gives', () => {
    expect(langsOf(inTabOrder(resource('de', 'en', 'zh-CN')))).toEqual(['zh-CN', 'de', 'en']);
  });

  it('keeps the tabs where they were after a save', () => {
    const tabs: Lang[] = ['zh-CN', 'ja', 'en'];
    const saved = inTabOrder(resource('en', 'ja', 'zh-CN'), tabs);
    expect(langsOf(saved)).toEqual(tabs);
    // And the next save, from the state the first one left, changes nothing.
    expect(
      langsOf(
        inTabOrder(
          resource('en', 'ja', 'zh-CN'),
          stateOf(saved).locales.map((l) => l.lang),
        ),
      ),
    ).toEqual(tabs);
  });

  it('keeps each language with its own text', () => {
    const saved = inTabOrder(resource('en', 'zh-CN'), ['zh-CN', 'en']);
    expect(saved.locales.map((l) => [l.lang, l.title])).toEqual([
      ['zh-CN', 'title zh-CN'],
      ['en', 'title en'],
    ]);
  });

  it('puts languages the tabs do not have after them, and leaves out tabs the server no longer has', () => {
    expect(langsOf(inTabOrder(resource('en', 'fr', 'zh-CN'), ['zh-CN', 'ja', 'en']))).toEqual(['zh-CN', 'en', 'fr']);
  });

  it('follows the tabs even when the original language is not first among them', () => {
    expect(langsOf(inTabOrder(resource('en', 'zh-CN'), ['en', 'zh-CN']))).toEqual(['en', 'zh-CN']);
  });
});
