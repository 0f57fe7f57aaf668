import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import type { SearchCorrection } from '@open/protocol/api/doc';

/** Stands for a word while its sentence is translated: no dictionary holds it. */
const SLOT = '\u0000';

/**
 * A sentence translated with SLOT for its one word, and the word in the element `wrap` makes,
 * where the translation put it. The word never passes through the text, so markup in it stays
 * text. (react-i18next's Trans does this for any markup, at 4 KB more than the reader's budget
 * has room for.)
 */
function withWord(sentence: string, wrap: ReactNode): ReactNode {
  const at = sentence.indexOf(SLOT);
  const [before, after] = at < 0 ? [sentence, ''] : [sentence.slice(0, at), sentence.slice(at + SLOT.length)];
  return (
    <>
      {before}
      {wrap}
      {after}
    </>
  );
}

interface CorrectionNoticeProps {
  corrected: SearchCorrection;
  /** The words as the reader typed them. */
  typed: string;
  /** The reader's language: the documentation the corrected word was taken from. */
  lang: string;
  /** The same search with the words as typed. */
  asTyped: To;
  onAsTyped?: () => void;
}

/**
 * Above the total of a search whose words the server corrected (Google's 'Showing results for
 * … / Search instead for …'): what was searched, and a link that searches the words as typed.
 * It sits in the total's live region, so both are read out together. Each word is isolated
 * from the sentence around it: it is often Latin inside Arabic.
 */
export function CorrectionNotice({ corrected, typed, lang, asTyped, onAsTyped }: CorrectionNoticeProps) {
  const { t } = useTranslation();
  const searched = corrected.also_typed
    ? t('doc.searchCorrectedToo', { keyword: SLOT })
    : t('doc.searchCorrected', { keyword: SLOT });
  const instead = corrected.also_typed
    ? t('doc.searchOnlyFor', { query: SLOT })
    : t('doc.searchInsteadFor', { query: SLOT });
  return (
    <div className="search-correction" data-testid="search-correction">
      <p>
        {withWord(
          searched,
          <strong lang={lang} dir="auto" data-testid="search-corrected-word">
            {corrected.keyword}
          </strong>,
        )}
      </p>
      <p>
        <Link to={asTyped} onClick={onAsTyped} data-testid="search-as-typed">
          {withWord(instead, <bdi>{typed}</bdi>)}
        </Link>
      </p>
    </div>
  );
}
