import { useState, type SyntheticEvent } from 'react';
import { SUCCESS_CODE } from '@open/protocol/errors';
import { API_PREFIX } from '@open/protocol/paths';
import type { T } from './phone-ui.js';

interface FaqItem {
  _id: string;
  question: string;
  /** Rendered and sanitised by the server (the documentation's own renderer). */
  html: string;
}

interface DocItem {
  _id: string;
  title: string;
  /** The matched words in context, HTML-escaped by the server, matches in <mark>. */
  snippet?: string;
  summary: string;
}

interface Suggestions {
  faq: FaqItem[];
  docs: DocItem[];
}

const MAX_SUGGESTIONS = 5;

async function ask<T>(path: string, body: unknown, lang: string): Promise<T> {
  const response = await fetch(`${location.origin}${API_PREFIX}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lang': lang },
    body: JSON.stringify(body),
    credentials: 'omit',
  });
  const answer = (await response.json()) as { code: number; message: string; data: T };
  if (answer.code !== SUCCESS_CODE) throw new Error(answer.message);
  return answer.data;
}

/**
 * The assistant robot (agents who have it): the agent types what the caller asks, and it suggests
 * answers from our own FAQ and documentation search, in the agent's language, every version.
 */
export function Robot({ lang, t }: { lang: string; t: T }) {
  const [question, setQuestion] = useState('');
  const [asked, setAsked] = useState('');
  const [found, setFound] = useState<Suggestions | null>(null);
  const [searching, setSearching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const keyword = question.trim();
    if (keyword === '') return;
    setSearching(true);
    setFailure(null);
    Promise.all([
      ask<{ list: FaqItem[] }>('doc/get_faq_list', { version: 'all', lang, keyword }, lang),
      ask<{ list: DocItem[] }>(
        'doc/get_resource_list',
        { version: 'all', lang, keyword, page_number: 1, page_size: MAX_SUGGESTIONS },
        lang,
      ),
    ]).then(
      ([faq, docs]) => {
        setFound({ faq: faq.list.slice(0, MAX_SUGGESTIONS), docs: docs.list });
        setAsked(keyword);
        setSearching(false);
      },
      (error: unknown) => {
        setFailure(error instanceof Error && error.message !== '' ? error.message : t('softphone.ui.robot.failed'));
        setSearching(false);
      },
    );
  };

  const docUrl = (id: string) => `${location.origin}/dzfront/open/client/#/doc/single?id=${encodeURIComponent(id)}`;
  const nothing = found !== null && found.faq.length === 0 && found.docs.length === 0;
  return (
    <section className="phone-robot" data-testid="robot">
      <form onSubmit={submit} className="robot-ask">
        <input
          value={question}
          maxLength={100}
          aria-label={t('softphone.ui.robot.prompt')}
          placeholder={t('softphone.ui.robot.prompt')}
          onChange={(event) => {
            setQuestion(event.target.value);
          }}
        />
        <button type="submit" disabled={searching || question.trim() === ''}>
          {t('softphone.ui.robot.suggest')}
        </button>
      </form>
      {failure && (
        <p className="phone-error" role="alert">
          {failure}
        </p>
      )}
      {nothing && <p className="phone-note">{t('softphone.ui.robot.nothing', { question: asked })}</p>}
      {found && found.faq.length > 0 && (
        <>
          <h3>{t('softphone.ui.robot.faq')}</h3>
          {found.faq.map((item) => (
            <details key={item._id} className="robot-answer">
              <summary>{item.question}</summary>
              {/* Sanitised HTML from our own documentation renderer. */}
              <div dangerouslySetInnerHTML={{ __html: item.html }} />
            </details>
          ))}
        </>
      )}
      {found && found.docs.length > 0 && (
        <>
          <h3>{t('softphone.ui.robot.docs')}</h3>
          <ul className="phone-list">
            {found.docs.map((item) => (
              <li key={item._id}>
                <a href={docUrl(item._id)} target="_blank" rel="noopener noreferrer">
                  {item.title}
                </a>
                {item.snippet ? (
                  <span className="muted" dangerouslySetInnerHTML={{ __html: item.snippet }} />
                ) : (
                  <span className="muted">{item.summary}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
