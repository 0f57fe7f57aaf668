import { useTranslation } from 'react-i18next';
import { locales } from '@open/protocol/locales';

/** A language's own name ('English', '中文（简体）'), or its code when it is not one of ours. */
export const nativeName = (code: string) => locales.find((locale) => locale.code === code)?.nativeName ?? code;

/**
 * Beside an item served in a fallback language: that language's name, and the reason in full
 * on hover and for screen readers, so a reader knows why a title is not in their language.
 */
export function FallbackTag({ served, asked }: { served: string; asked: string }) {
  const { t } = useTranslation();
  if (served === asked) return null;
  const why = t('doc.fallbackTag', { asked: nativeName(asked), served: nativeName(served) });
  return (
    <span className="fallback-tag" title={why} data-testid="fallback-tag">
      <span aria-hidden="true" lang={served}>
        {nativeName(served)}
      </span>
      <span className="visually-hidden">{why}</span>
    </span>
  );
}

/** Above a list (cards, results, questions) where some items are served in a fallback language. */
export function FallbackListNotice({ items, asked }: { items: readonly { lang: string }[]; asked: string }) {
  const { t } = useTranslation();
  if (!items.some((item) => item.lang !== asked)) return null;
  return (
    <p className="fallback-notice" role="note" data-testid="fallback-list-notice">
      {t('doc.fallbackListNotice', { asked: nativeName(asked) })}
    </p>
  );
}
