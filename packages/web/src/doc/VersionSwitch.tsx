import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_VERSIONS } from './version-store';
import { useVersions, versionStore } from './versions';

export function VersionSwitch() {
  const { t } = useTranslation();
  const { versionList, globalVersion } = useVersions();
  const id = useId();
  return (
    <div className="version-switch">
      <label htmlFor={id}>{t('doc.version')}</label>
      <select
        id={id}
        data-testid="version-switch"
        value={globalVersion || ALL_VERSIONS}
        onChange={(event) => {
          versionStore.select(event.target.value);
        }}
      >
        {versionList.map((version) => (
          <option key={version._id} value={version._id}>
            {version.name}
          </option>
        ))}
        <option value={ALL_VERSIONS}>{t('doc.fullVersion')}</option>
      </select>
    </div>
  );
}
