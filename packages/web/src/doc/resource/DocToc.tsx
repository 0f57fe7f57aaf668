import { useTranslation } from 'react-i18next';
import type { DocResourceInfo } from '@open/protocol/api/doc';

interface DocTocProps {
  /** The document's id, for each entry's address. */
  id: string;
  toc: DocResourceInfo['toc'];
  /** The heading in view, marked as the current location. */
  activeHeading: string | undefined;
  /** Unfolded (on narrow screens, where it sits folded above the article). */
  open: boolean;
  onToggle: () => void;
  goToHeading: (target: string) => void;
}

/** The table of contents: the document's headings, the one in view marked. */
export function DocToc({ id, toc, activeHeading, open, onToggle, goToHeading }: DocTocProps) {
  const { t } = useTranslation();
  return (
    <nav className={open ? 'doc-toc open' : 'doc-toc'} aria-label={t('doc.onThisPage')} data-testid="toc">
      <h2>
        <button type="button" className="toc-toggle" aria-expanded={open} onClick={onToggle}>
          {t('doc.onThisPage')}
        </button>
        <span className="toc-heading">{t('doc.onThisPage')}</span>
      </h2>
      <ul>
        {toc.map((entry) => (
          <li key={entry.id} className={`toc-level-${String(entry.level)}`}>
            <a
              href={`#/doc/single?id=${encodeURIComponent(id)}&h=${encodeURIComponent(entry.id)}`}
              aria-current={entry.id === activeHeading ? 'location' : undefined}
              onClick={(event) => {
                event.preventDefault();
                goToHeading(entry.id);
              }}
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
