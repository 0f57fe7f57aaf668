import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { Lang } from '@open/protocol/locales';

type LocaleModule = { default: Locale };

// Ant Design carries its English inside its own chunk already; the others load on demand.
const english = () => Promise.resolve({ default: enUS });

/**
 * Ant Design's own strings (pagination, pickers, empty states) per interface language.
 * Ant Design has no Filipino, so Filipino readers get its English.
 */
export const antdLocales: Record<Lang, () => Promise<LocaleModule>> = {
  ar: () => import('antd/es/locale/ar_EG'),
  bn: () => import('antd/es/locale/bn_BD'),
  de: () => import('antd/es/locale/de_DE'),
  en: english,
  es: () => import('antd/es/locale/es_ES'),
  fil: english,
  fr: () => import('antd/es/locale/fr_FR'),
  hi: () => import('antd/es/locale/hi_IN'),
  id: () => import('antd/es/locale/id_ID'),
  it: () => import('antd/es/locale/it_IT'),
  ja: () => import('antd/es/locale/ja_JP'),
  ko: () => import('antd/es/locale/ko_KR'),
  ms: () => import('antd/es/locale/ms_MY'),
  pt: () => import('antd/es/locale/pt_BR'),
  ru: () => import('antd/es/locale/ru_RU'),
  th: () => import('antd/es/locale/th_TH'),
  vi: () => import('antd/es/locale/vi_VN'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
};
