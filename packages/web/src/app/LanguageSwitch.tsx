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
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8Zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z"
        />
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
