import { useTranslation } from 'react-i18next';
import { isLang, type Lang } from '@open/protocol/locales';
import { ALL_VERSIONS } from './version-store';
import { useVersions } from './versions';

/** What every documentation read is filtered by: the chosen version and the interface language. */
export interface ReaderScope {
  version: string;
  lang: Lang;
  /** False until the version list has loaded or failed to (a failure reads the stored or full version). */
  ready: boolean;
}

export function useReaderScope(versionListSettled: boolean): ReaderScope {
  const { i18n } = useTranslation();
  const { globalVersion, loaded } = useVersions();
  const lang = isLang(i18n.language) ? i18n.language : 'zh-CN';
  return { version: globalVersion || ALL_VERSIONS, lang, ready: loaded || versionListSettled };
}
