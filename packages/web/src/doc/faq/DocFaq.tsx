import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { limits } from '@open/protocol/limits';
import { directionOf } from '@open/protocol/locales';
import { useDocContext } from '../doc-context';
import { FallbackListNotice, FallbackTag } from '../fallback';
import { LoadError, Loading } from '../Status';
import { useApiQuery } from '../../api/use-query';
import { useSettled } from '../../ui/use-settled';

/** The FAQ (`#/doc/faq?q=…`): questions that open in place, searchable, and the contact link. */
export function Component() {
  const { t } = useTranslation();
  const { scope, setActiveCategory } = useDocContext();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const keyword = useSettled(text.trim(), 200);
  const site = useApiQuery('doc/get_site_info', {});

  useEffect(() => {
    setActiveCategory(undefined);
  }, [setActiveCategory]);

  const faq = useApiQuery(
    'doc/get_faq_list',
    scope.ready ? { version: scope.version, lang: scope.lang, ...(keyword ? { keyword } : {}) } : undefined,
  );
  const contactUrl = site.data?.contact_url;

  return (
    <section className="doc-faq">
      <h2>{t('doc.faqTitle')}</h2>
      <input
        type="search"
        className="faq-search"
        value={text}
        maxLength={limits.keyword}
        placeholder={t('doc.faqSearch')}
        aria-label={t('doc.faqSearch')}
        data-testid="faq-search"
        onChange={(event) => {
          setText(event.target.value);
          const q = event.target.value.trim();
          setParams(q ? { q } : {}, { replace: true });
        }}
      />
      {faq.error !== undefined ? (
        <LoadError error={faq.error} retry={faq.retry} />
      ) : !faq.data ? (
        <Loading />
      ) : faq.data.list.length === 0 ? (
        <p className="doc-state muted">{keyword ? t('doc.faqNone', { query: keyword }) : t('doc.faqEmpty')}</p>
      ) : (
        <div className="faq-list" data-testid="faq-list" aria-busy={faq.loading}>
          <FallbackListNotice items={faq.data.list} asked={scope.lang} />
          {faq.data.list.map((item) => (
            // The question list follows the page's direction (its disclosure arrows too); only
            // the text of a question served in another language takes that language's.
            <details key={item._id} className="faq-item">
              <summary>
                <span lang={item.lang} dir={directionOf(item.lang)}>
                  {item.question}
                </span>
                <FallbackTag served={item.lang} asked={scope.lang} />
              </summary>
              {/* Rendered and sanitised on the server when it was saved. */}
              <div
                className="doc-html"
                lang={item.lang}
                dir={directionOf(item.lang)}
                dangerouslySetInnerHTML={{ __html: item.html }}
              />
            </details>
          ))}
        </div>
      )}
      {contactUrl && (
        <p className="faq-contact">
          {t('doc.contactPrompt')}{' '}
          <a href={contactUrl} target="_blank" rel="noopener noreferrer">
            {t('doc.contact')}
          </a>
        </p>
      )}
    </section>
  );
}
