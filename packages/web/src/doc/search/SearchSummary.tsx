import { useTranslation } from 'react-i18next';
import type { To } from 'react-router';
import type { SearchCorrection } from '@open/protocol/api/doc';
import { CorrectionNotice } from './CorrectionNotice';

interface SearchSummaryProps {
  /** How many documents match. */
  total: number;
  /** The words searched. */
  keyword: string;
  /** The server's correction of the words, when it is to be shown. */
  corrected: SearchCorrection | undefined;
  lang: string;
  /** The same search with the words as typed. */
  asTyped: To;
  onAsTyped: () => void;
}

/** The answer's total, and the correction it explains, in one live region. */
export function SearchSummary({ total, keyword, corrected, lang, asTyped, onAsTyped }: SearchSummaryProps) {
  const { t } = useTranslation();
  return (
    // One live region: a correction is read out with the total it explains.
    <div role="status">
      {corrected && (
        <CorrectionNotice corrected={corrected} typed={keyword} lang={lang} asTyped={asTyped} onAsTyped={onAsTyped} />
      )}
      <p className="search-total" data-testid="search-total">
        {total ? t('doc.searchTotal', { count: total }) : t('doc.searchNone', { query: keyword })}
      </p>
    </div>
  );
}
