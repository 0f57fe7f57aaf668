import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleConf } from '@open/protocol/api';
import { directionOf, isLang, type Lang } from '@open/protocol/locales';
import { call, setApiLang } from '../api/client';
import { browserStorage, LANG_KEY } from './storage';

const loaded = new Set<Lang>();

function apply(conf: LocaleConf): void {
  if (!loaded.has(conf.lang)) {
    i18next.addResourceBundle(conf.lang, 'translation', conf.messages);
    loaded.add(conf.lang);
  }
  document.documentElement.lang = conf.lang;
  document.documentElement.dir = conf.dir;
  setApiLang(conf.lang);
}

/**
 * Loads the dictionary of the stored language, or, on a first visit, of the tenant's default
 * language (the server decides), and starts i18next with it. Only that one language is fetched.
 */
export async function startI18n(): Promise<Lang> {
  const stored = browserStorage().getItem(LANG_KEY);
  const conf = await call('doc/get_locale_conf', isLang(stored) ? { lang: stored } : {});
  await i18next.use(initReactI18next).init({
    lng: conf.lang,
    resources: {},
    // Keys are flat ("cms.login.title"), as the dictionaries are.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  apply(conf);
  await i18next.changeLanguage(conf.lang);
  return conf.lang;
}

/** Switches the interface language, fetching its dictionary on first use, and remembers it. */
export async function switchLanguage(lang: Lang): Promise<void> {
  if (!loaded.has(lang)) apply(await call('doc/get_locale_conf', { lang }));
  else apply({ lang, dir: directionOf(lang), messages: {} });
  browserStorage().setItem(LANG_KEY, lang);
  await i18next.changeLanguage(lang);
}

export { i18next };
