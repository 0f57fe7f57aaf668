import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleConf } from '@open/protocol/api';
import type { Namespace } from '@open/protocol/messages/namespaces';
import { directionOf, isLang, type Lang } from '@open/protocol/locales';
import { call, setApiLang } from '../api/client';
import { browserStorage, LANG_KEY } from './storage';

/**
 * The dictionary namespaces the pages opened so far need (the shell from boot on). A language
 * switch fetches all of them in the new language, so every page already seen keeps its words.
 */
const wanted = new Set<Namespace>(['shell']);

/** Each language's namespaces, fetched or on their way, so no namespace is fetched twice. */
const loads = new Map<string, Promise<void>>();
const loadKey = (lang: Lang, ns: Namespace) => `${lang}/${ns}`;

/** The language on screen; a page may ask for its namespaces while a switch is under way. */
let shownLang: Lang | undefined;

function addMessages(conf: LocaleConf): void {
  // One flat default namespace: every key starts with its dictionary namespace
  // (`cms.versions.title`), so the bundles of one language merge without clashes and `t` is
  // typed by the union of the English references (i18next.d.ts).
  i18next.addResourceBundle(conf.lang, 'translation', conf.messages, true, true);
}

function remember(lang: Lang, ns: readonly Namespace[], load: Promise<void>): void {
  for (const name of ns) loads.set(loadKey(lang, name), load);
  // A failed fetch is forgotten, so the next attempt asks the server again.
  load.catch(() => {
    for (const name of ns) if (loads.get(loadKey(lang, name)) === load) loads.delete(loadKey(lang, name));
  });
}

/** Fetches, in one call, the namespaces of `lang` not fetched yet; resolves when all of `ns` are there. */
async function ensure(lang: Lang, ns: readonly Namespace[]): Promise<void> {
  const missing = ns.filter((name) => !loads.has(loadKey(lang, name)));
  if (missing.length > 0) remember(lang, missing, call('doc/get_locale_conf', { lang, ns: missing }).then(addMessages));
  await Promise.all(ns.map((name) => loads.get(loadKey(lang, name)) ?? Promise.resolve()));
}

function show(lang: Lang, dir: 'ltr' | 'rtl'): void {
  shownLang = lang;
  document.documentElement.lang = lang;
  document.documentElement.dir = dir;
  setApiLang(lang);
}

/**
 * Loads the shell namespace of the stored language, or, on a first visit, of the tenant's
 * default language (the server decides), and starts i18next with it. Pages load their own
 * namespaces with `loadNamespaces` before they render.
 */
export async function startI18n(): Promise<Lang> {
  const stored = browserStorage().getItem(LANG_KEY);
  const ns = [...wanted];
  const conf = await call('doc/get_locale_conf', isLang(stored) ? { lang: stored, ns } : { ns });
  await i18next.use(initReactI18next).init({
    lng: conf.lang,
    resources: {},
    // Keys are flat ("cms.login.title"), as the dictionaries are.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  addMessages(conf);
  remember(conf.lang, ns, Promise.resolve());
  show(conf.lang, conf.dir);
  await i18next.changeLanguage(conf.lang);
  return conf.lang;
}

/**
 * Makes the namespaces a page needs available in the language on screen, fetching those not
 * loaded yet, and keeps them wanted so a later language switch brings them along.
 */
export async function loadNamespaces(ns: readonly Namespace[]): Promise<void> {
  for (const name of ns) wanted.add(name);
  let lang: Lang | undefined;
  // A switch that finished meanwhile may have fetched its language before these were wanted.
  while (shownLang && lang !== shownLang) {
    lang = shownLang;
    await ensure(lang, ns);
  }
}

/**
 * Switches the interface language, fetching every namespace loaded so far in it (in one call,
 * none that it already has), and remembers the choice. On failure nothing changes.
 */
export async function switchLanguage(lang: Lang): Promise<void> {
  let count: number;
  // A page may ask for a namespace while this one is on its way: bring it along too.
  do {
    count = wanted.size;
    await ensure(lang, [...wanted]);
  } while (wanted.size !== count);
  show(lang, directionOf(lang));
  browserStorage().setItem(LANG_KEY, lang);
  await i18next.changeLanguage(lang);
}

export { i18next };
