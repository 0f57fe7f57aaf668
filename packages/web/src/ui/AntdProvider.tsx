import { App, ConfigProvider, Spin } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf, isLang, DEFAULT_LANG } from '@open/protocol/locales';
import { antdLocales } from './antd-locales';
import { antdTheme } from './theme';

/** Ant Design follows the interface language and its direction (Arabic right to left). */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
  const [locale, setLocale] = useState<{ lang: string; value: Locale } | undefined>();

  useEffect(() => {
    let current = true;
    antdLocales[lang]().then(
      (module) => {
        if (current) setLocale({ lang, value: module.default });
      },
      // Without its locale Ant Design still works, in English; the page must not fail for it.
      () => {
        if (current) setLocale(undefined);
      },
    );
    return () => {
      current = false;
    };
  }, [lang]);

  return (
    <ConfigProvider
      locale={locale?.value}
      direction={directionOf(lang)}
      // '编辑', not '编 辑': Ant Design spaces two-character Chinese labels unless told not to.
      button={{ autoInsertSpace: false }}
      theme={antdTheme}
    >
      <App>{locale || lang === 'en' ? children : <Spin />}</App>
    </ConfigProvider>
  );
}
