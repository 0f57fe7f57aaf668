import { createInstance, type i18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchCorrection } from '@open/protocol/api/doc';
import { dictionaries } from '@open/protocol/messages/index';
import { CorrectionNotice } from './CorrectionNotice';

let i18next: i18n;

beforeAll(async () => {
  i18next = createInstance();
  // As the app starts it (i18n/i18n.ts): flat keys, values escaped by React rather than i18next.
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: { translation: dictionaries.doc.en },
      ar: { translation: dictionaries.doc.ar },
      'zh-CN': { translation: dictionaries.doc['zh-CN'] },
    },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
});

async function notice(corrected: SearchCorrection, typed: string, lang = 'en'): Promise<string> {
  await i18next.changeLanguage(lang);
  return renderToString(
    <I18nextProvider i18n={i18next}>
      <MemoryRouter initialEntries={[`/doc/search?q=${encodeURIComponent(typed)}`]}>
        <Routes>
          <Route
            path="/doc/search"
            element={
              <CorrectionNotice
                corrected={corrected}
                typed={typed}
                lang={lang}
                asTyped={{ search: `?q=${encodeURIComponent(typed)}&typed=1` }}
              />
            }
          />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const corrected = (html: string) => /<strong[^>]*>(.*?)<\/strong>/.exec(html)?.[0];
const link = (html: string) => /<a [^>]*>(.*?)<\/a>/.exec(html)?.[0];

describe('CorrectionNotice', () => {
  it('says the typed words found nothing and what was searched instead, with a link to search them anyway', async () => {
    const html = await notice({ keyword: 'configuration', also_typed: false }, 'configuratoin');
    expect(html).toContain('Showing results for <strong');
    expect(corrected(html)).toBe(
      '<strong lang="en" dir="auto" data-testid="search-corrected-word">configuration</strong>',
    );
    // A real link to the same search as typed: focusable, and it can be opened or shared.
    expect(link(html)).toContain(' href="/doc/search?q=configuratoin&amp;typed=1"');
    expect(link(html)).toContain('>Search instead for <bdi>configuratoin</bdi></a>');
  });

  it('says the correction was searched too when the typed words found a little', async () => {
    const html = await notice({ keyword: 'configuration', also_typed: true }, 'configuratoin');
    expect(html).toContain('Including results for <strong');
    expect(corrected(html)).toContain('>configuration</strong>');
    expect(link(html)).toContain('>Search only for <bdi>configuratoin</bdi></a>');
  });

  it('keeps each word isolated inside a sentence of the reader’s language', async () => {
    const zh = await notice({ keyword: 'configuration', also_typed: false }, 'configuratoin', 'zh-CN');
    expect(zh).toContain('以下是“<strong lang="zh-CN" dir="auto"');
    expect(link(zh)).toContain('>仍然搜索“<bdi>configuratoin</bdi>”</a>');

    const ar = await notice({ keyword: 'configuration', also_typed: false }, 'configuratoin', 'ar');
    expect(ar).toContain('نعرض نتائج البحث عن «<strong lang="ar" dir="auto"');
    expect(link(ar)).toContain('<bdi>configuratoin</bdi>»</a>');
  });

  it('shows typed markup as text', async () => {
    const html = await notice({ keyword: 'image', also_typed: false }, '<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<img');
    expect(link(html)).toContain('<bdi>&lt;img src=x onerror=alert(1)&gt;</bdi>');
  });
});
