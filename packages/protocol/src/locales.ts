/** The 19 interface languages (DESIGN §10), each named in its own script. */
export const locales = [
  { code: 'ar', nativeName: 'العربية', dir: 'rtl' },
  { code: 'bn', nativeName: 'বাংলা', dir: 'ltr' },
  { code: 'de', nativeName: 'Deutsch', dir: 'ltr' },
  { code: 'en', nativeName: 'English', dir: 'ltr' },
  { code: 'es', nativeName: 'Español', dir: 'ltr' },
  { code: 'fil', nativeName: 'Filipino', dir: 'ltr' },
  { code: 'fr', nativeName: 'Français', dir: 'ltr' },
  { code: 'hi', nativeName: 'हिन्दी', dir: 'ltr' },
  { code: 'id', nativeName: 'Bahasa Indonesia', dir: 'ltr' },
  { code: 'it', nativeName: 'Italiano', dir: 'ltr' },
  { code: 'ja', nativeName: '日本語', dir: 'ltr' },
  { code: 'ko', nativeName: '한국어', dir: 'ltr' },
  { code: 'ms', nativeName: 'Bahasa Melayu', dir: 'ltr' },
  { code: 'pt', nativeName: 'Português', dir: 'ltr' },
  { code: 'ru', nativeName: 'Русский', dir: 'ltr' },
  { code: 'th', nativeName: 'ไทย', dir: 'ltr' },
  { code: 'vi', nativeName: 'Tiếng Việt', dir: 'ltr' },
  { code: 'zh-CN', nativeName: '简体中文', dir: 'ltr' },
  { code: 'zh-TW', nativeName: '繁體中文', dir: 'ltr' },
] as const;

export type Lang = (typeof locales)[number]['code'];
export type TextDirection = 'ltr' | 'rtl';

export const langCodes = locales.map((l) => l.code) as unknown as readonly [Lang, ...Lang[]];

export const DEFAULT_LANG: Lang = 'zh-CN';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (langCodes as readonly string[]).includes(value);
}

export function directionOf(lang: Lang): TextDirection {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/**
 * Picks the best supported language for an `Accept-Language` header: exact match first,
 * then the same primary language (zh-HK -> zh-TW, zh -> zh-CN, tl -> fil).
 */
export function negotiateLang(header: string | undefined): Lang | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const found = matchLang(tag);
    if (found) return found;
  }
  return undefined;
}

function matchLang(tag: string): Lang | undefined {
  const lower = tag.toLowerCase();
  const exact = langCodes.find((code) => code.toLowerCase() === lower);
  if (exact) return exact;
  const [primary = '', region = ''] = lower.split('-');
  if (primary === 'zh') {
    return ['tw', 'hk', 'mo', 'hant'].includes(region) ? 'zh-TW' : 'zh-CN';
  }
  if (primary === 'tl') return 'fil';
  if (primary === 'in') return 'id';
  return langCodes.find((code) => code.toLowerCase() === primary);
}
