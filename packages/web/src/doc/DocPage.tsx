import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { VersionSwitch } from './VersionSwitch';
import { versionStore } from './versions';

export function Component() {
  const { t } = useTranslation();
  useEffect(() => {
    void versionStore.refresh();
  }, []);
  return (
    <div className="page doc-page">
      <div className="page-head">
        <h1>{t('doc.title')}</h1>
        <VersionSwitch />
      </div>
      <Outlet />
    </div>
  );
}
