import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@open/protocol/messages/index';

interface PlaceholderPageProps {
  titleKey: MessageKey;
  /** The page's own word that it is not ready, from its namespace. */
  textKey: MessageKey;
  /** A heading for the panel, when the page has a part worth naming already. */
  sectionKey?: MessageKey;
}

/** A page whose features land in a later issue: its title, and an honest word that it is not ready. */
export function PlaceholderPage({ titleKey, textKey, sectionKey }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t(titleKey)}</h1>
      </div>
      <section className="panel">
        {sectionKey && <h2>{t(sectionKey)}</h2>}
        <p className="muted">{t(textKey)}</p>
      </section>
    </div>
  );
}
