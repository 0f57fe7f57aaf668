import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocResourceInfo } from '@open/protocol/api/doc';
import { useDocContext } from '../doc-context';
import { pathTo } from '../tree/tree';

/** Where the document sits: all documents, its categories, itself. */
export function Breadcrumbs({ doc }: { doc: DocResourceInfo }) {
  const { t } = useTranslation();
  const { tree } = useDocContext();
  const crumbs = tree.data ? pathTo(tree.data.list, doc.category_id) : [];
  return (
    <nav className="breadcrumbs" aria-label={t('doc.breadcrumb')}>
      <ol>
        <li>
          <Link to="/doc">{t('doc.allDocuments')}</Link>
        </li>
        {crumbs.map((category) => (
          <li key={category._id}>
            <Link to={`/doc?category=${encodeURIComponent(category._id)}`}>{category.name}</Link>
          </li>
        ))}
        <li aria-current="page">{doc.title}</li>
      </ol>
    </nav>
  );
}

/** The document's files, to download. */
export function Attachments({ files }: { files: DocResourceInfo['attachments'] }) {
  const { t } = useTranslation();
  return (
    <section className="doc-attachments">
      <h2>{t('doc.attachments')}</h2>
      <ul>
        {files.map((file) => (
          <li key={file._id}>
            <a href={file.url} download={file.name}>
              {file.name}
            </a>{' '}
            <span className="muted">{Math.max(1, Math.round(file.size / 1024))} KB</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The previous and next documents of the category. */
export function Pager({ prev, next }: Pick<DocResourceInfo, 'prev' | 'next'>) {
  const { t } = useTranslation();
  return (
    <nav className="doc-pager" aria-label={t('doc.pager')}>
      {prev && (
        <Link className="pager-prev" rel="prev" to={`/doc/single?id=${encodeURIComponent(prev._id)}`}>
          <span className="muted">{t('doc.previous')}</span>
          <span>{prev.title}</span>
        </Link>
      )}
      {next && (
        <Link className="pager-next" rel="next" to={`/doc/single?id=${encodeURIComponent(next._id)}`}>
          <span className="muted">{t('doc.next')}</span>
          <span>{next.title}</span>
        </Link>
      )}
    </nav>
  );
}
