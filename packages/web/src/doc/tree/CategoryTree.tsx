import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocCategory } from '@open/protocol/api';
import { ALL_DOCUMENTS } from './tree';

interface Props {
  list: readonly DocCategory[];
  /** The category being read, highlighted: an id, ALL_DOCUMENTS, or undefined for none. */
  activeId: string | undefined;
  total: number;
}

/** The documentation's categories with their document counts; each opens its document list. */
export function CategoryTree({ list, activeId, total }: Props) {
  const { t } = useTranslation();
  const item = (to: string, label: string, count: number, active: boolean) => (
    <Link
      to={to}
      className="tree-link"
      aria-current={active ? 'page' : undefined}
      title={t('doc.documentCount', { count })}
    >
      <span className="tree-name">{label}</span>
      <span className="tree-count">{count}</span>
    </Link>
  );
  const branch = (categories: readonly DocCategory[]) => (
    <ul>
      {categories.map((category) => (
        <li key={category._id}>
          {item(
            `/doc?category=${encodeURIComponent(category._id)}`,
            category.name,
            category.resource_count,
            category._id === activeId,
          )}
          {category.children.length > 0 && branch(category.children)}
        </li>
      ))}
    </ul>
  );
  return (
    <nav className="category-tree" aria-label={t('doc.categories')} data-testid="category-tree">
      <ul>
        <li>{item('/doc', t('doc.allDocuments'), total, activeId === ALL_DOCUMENTS)}</li>
      </ul>
      {branch(list)}
    </nav>
  );
}
