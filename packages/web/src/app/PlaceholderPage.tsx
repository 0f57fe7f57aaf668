import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@open/protocol/messages/en';

/** A page whose features land in a later issue: its title, and an honest word that it is not ready. */
export function PlaceholderPage({ titleKey }: { titleKey: MessageKey }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t(titleKey)}</h1>
      </div>
      <section className="panel">
        <p className="muted">{t('app.notAvailableYet')}</p>
      </section>
    </div>
  );
}
