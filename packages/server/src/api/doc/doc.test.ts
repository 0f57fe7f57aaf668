import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { locales } from '@open/protocol/locales';
import en from '@open/protocol/messages/en';
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

describe('doc/get_locale_conf', () => {
  it.each(locales.map((l) => l.code))('serves the whole %s dictionary', async (lang) => {
    const res = await call<{ lang: string; dir: string; messages: Record<string, string> }>(
      ctx.app,
      'doc/get_locale_conf',
      { lang },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.lang).toBe(lang);
    expect(res.body.data.dir).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    expect(Object.keys(res.body.data.messages).sort()).toEqual(Object.keys(en).sort());
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
});
