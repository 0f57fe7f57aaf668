import { useTranslation } from 'react-i18next';
import { ALL_VERSIONS } from './version-store';
import { useVersions } from './versions';

/** Which version the reader is on; the document list and reader land in their own issue. */
export function SelectedVersion() {
  const { t } = useTranslation();
  const { versionList, globalVersion, loaded } = useVersions();
  if (!loaded) return null;
  const name =
    globalVersion === ALL_VERSIONS
      ? t('doc.fullVersion')
      : (versionList.find((v) => v._id === globalVersion)?.name ?? t('doc.fullVersion'));
  return (
    <section className="panel">
      <p data-testid="selected-version">{t('doc.selectedVersion', { version: name })}</p>
      <p className="muted">{t('doc.contentComingSoon')}</p>
    </section>
  );
}
