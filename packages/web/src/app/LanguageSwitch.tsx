import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, locales } from '@open/protocol/locales';
import { switchLanguage } from '../i18n/i18n';

/** Every language named in its own script, so a reader finds theirs whatever is shown now. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const [failed, setFailed] = useState(false);
  const choose = (lang: string) => {
    if (!isLang(lang)) return;
    switchLanguage(lang).then(
      () => {
        setFailed(false);
      },
      // The dictionary could not be fetched: the page stays in its language and says why.
      () => {
        setFailed(true);
      },
    );
  };
  return (
    <label className="language-switch">
      <span className="visually-hidden">{t('shell.language')}</span>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="16"
        height="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9c-2.5-2.7-3.5-5.7-3.5-9s1-6.3 3.5-9Z" />
      </svg>
      <select
        value={i18n.language}
        data-testid="language-switch"
        aria-invalid={failed || undefined}
        aria-describedby={failed ? 'language-switch-error' : undefined}
        onChange={(event) => {
          choose(event.target.value);
        }}
      >
        {locales.map((locale) => (
          <option key={locale.code} value={locale.code} lang={locale.code} dir={locale.dir}>
            {locale.nativeName}
          </option>
        ))}
      </select>
      {failed && (
        <span id="language-switch-error" role="alert" className="switch-error">
          {t('shell.common.networkError')}
        </span>
      )}
    </label>
  );
}
