import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { locales } from '@open/protocol/locales';
import { dictionaries, namespaces, type Namespace } from '@open/protocol/messages/index';
import { call, createTestApp, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('doc/get_version_info', () => {
  it('lists the seeded versions with the default flagged, without logging in', async () => {
    const res = await call<{ list: { _id: string; name: string; isDefault: boolean }[] }>(
      ctx.app,
      'doc/get_version_info',
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data.list.map((v) => [v.name, v.isDefault])).toEqual([
      ['v1.0', false],
      ['v2.0', true],
    ]);
    expect(Object.keys(res.body.data.list[0] ?? {}).sort()).toEqual(['_id', 'isDefault', 'name']);
  });

  it('refuses fields it does not take', async () => {
    const res = await call(ctx.app, 'doc/get_version_info', { page_number: -1 });
    expect(res.status).toBe(400);
  });
});

/** The English keys of the namespaces `ns`, sorted. */
const keysOf = (ns: readonly Namespace[]) => ns.flatMap((name) => Object.keys(dictionaries[name].en)).sort();

type Conf = { lang: string; dir: string; messages: Record<string, string> };

describe('doc/get_locale_conf', () => {
  it.each(locales.map((l) => l.code))(
    'serves every namespace of the %s dictionary when none is named',
    async (lang) => {
      const res = await call<Conf>(ctx.app, 'doc/get_locale_conf', { lang });
      expect(res.status).toBe(200);
      expect(res.body.data.lang).toBe(lang);
      expect(res.body.data.dir).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(Object.keys(res.body.data.messages).sort()).toEqual(keysOf(namespaces));
    },
  );

  it('serves only the namespaces asked for', async () => {
    const res = await call<Conf>(ctx.app, 'doc/get_locale_conf', { lang: 'en', ns: ['shell', 'doc'] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.messages).sort()).toEqual(keysOf(['shell', 'doc']));
    expect(Object.keys(res.body.data.messages).filter((key) => key.startsWith('cms.'))).toEqual([]);
  });

  it('serves one namespace in the language asked for', async () => {
    const res = await call<Conf>(ctx.app, 'doc/get_locale_conf', { lang: 'ja', ns: ['cms'] });
    expect(res.body.data.messages).toEqual(dictionaries.cms.ja);
  });

  it('serves the namespaces asked for in the tenant default language when no language is asked for', async () => {
    const res = await call<Conf>(ctx.app, 'doc/get_locale_conf', { ns: ['shell'] });
    expect(res.body.data.lang).toBe('zh-CN');
    expect(res.body.data.messages).toEqual(dictionaries.shell['zh-CN']);
  });

  it('answers in the tenant default language (zh-CN) when no language is asked for', async () => {
    const res = await call<{ lang: string }>(ctx.app, 'doc/get_locale_conf', {});
    expect(res.body.data.lang).toBe('zh-CN');
  });

  it('follows a tenant that sets another default language', async () => {
    await ctx.db.updateTable('tenant').set({ default_lang: 'fr' }).execute();
    const res = await call<{ lang: string; messages: Record<string, string> }>(ctx.app, 'doc/get_locale_conf', {});
    expect(res.body.data.lang).toBe('fr');
    await ctx.db.updateTable('tenant').set({ default_lang: 'zh-CN' }).execute();
  });

  it('refuses a language it does not have', async () => {
    const res = await call(ctx.app, 'doc/get_locale_conf', { lang: 'xx' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(errorCatalogue.invalidField.code);
    expect(res.body.data).toMatchObject({ issues: [{ field: 'lang', reason: 'notAllowed' }] });
  });

  it.each([
    ['an unknown namespace', { ns: ['shell', 'nope'] }, { field: 'ns.1', reason: 'notAllowed' }],
    ['a namespace named twice', { ns: ['doc', 'doc'] }, { field: 'ns', reason: 'notAllowed' }],
    ['an empty list', { ns: [] }, { field: 'ns', reason: 'tooSmall' }],
    ['a longer list than there are namespaces', { ns: [...namespaces, 'doc'] }, { field: 'ns', reason: 'tooBig' }],
    ['a namespace that is not in a list', { ns: 'cms' }, { field: 'ns', reason: 'wrongType' }],
    ['a namespace that is not a string', { ns: [7] }, { field: 'ns.0', reason: 'notAllowed' }],
  ])('refuses %s in our invalidField envelope', async (_, body, issue) => {
    const res = await call(ctx.app, 'doc/get_locale_conf', { lang: 'en', ...body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(errorCatalogue.invalidField.code);
    expect(res.body.message).toMatch(/^The request has an invalid field: /);
    expect(res.body.data).toMatchObject({ issues: [issue] });
  });
});
