import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VersionSwitch } from './VersionSwitch';

/** The documentation's head: its title, the categories drawer's button, search and version. */
export function DocHead({ drawerOpen, openDrawer }: { drawerOpen: boolean; openDrawer: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page-head doc-head">
      <h1>{t('doc.title')}</h1>
      <div className="doc-tools">
        <button
          type="button"
          className="drawer-button"
          aria-expanded={drawerOpen}
          aria-controls="doc-sidebar"
          onClick={openDrawer}
        >
          {t('doc.openCategories')}
        </button>
        <Link
          to="/doc/search"
          className="search-trigger"
          data-testid="search-open"
          aria-keyshortcuts="/"
          aria-label={t('doc.searchOpen')}
        >
          {/* The short word where the full one would be cut ('Search the d…'). */}
          <span className="search-trigger-long">{t('doc.searchOpen')}</span>
          <span className="search-trigger-short">{t('doc.search')}</span>
          <kbd>/</kbd>
        </Link>
        <VersionSwitch />
      </div>
    </div>
  );
}
