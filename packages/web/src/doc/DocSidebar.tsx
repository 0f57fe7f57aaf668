import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { DocCategory } from '@open/protocol/api';
import { CategoryTree } from './tree/CategoryTree';
import { withDocuments } from './tree/tree';

interface DocSidebarProps {
  /** The category tree, once it has come. */
  categories: DocCategory[] | undefined;
  activeCategory: string | undefined;
  contactUrl: string | null | undefined;
  /** The drawer's close button, which an opened drawer focuses. */
  closeRef: RefObject<HTMLButtonElement | null>;
  closeDrawer: () => void;
}

/** The category sidebar (a drawer on phones): the tree, the FAQ and the contact link. */
export function DocSidebar({ categories, activeCategory, contactUrl, closeRef, closeDrawer }: DocSidebarProps) {
  const { t } = useTranslation();
  const total = categories?.reduce((sum, category) => sum + category.resource_count, 0) ?? 0;
  return (
    <aside id="doc-sidebar" className="doc-sidebar">
      <button
        type="button"
        ref={closeRef}
        className="drawer-close"
        aria-label={t('doc.closeCategories')}
        onClick={closeDrawer}
      >
        ×
      </button>
      {categories && <CategoryTree list={withDocuments(categories)} activeId={activeCategory} total={total} />}
      <div className="sidebar-links">
        <NavLink to="/doc/faq" data-testid="faq-link">
          {t('doc.faq')}
        </NavLink>
        {contactUrl && (
          <a href={contactUrl} target="_blank" rel="noopener noreferrer" data-testid="contact-link">
            {t('doc.contact')}
          </a>
        )}
      </div>
    </aside>
  );
}
