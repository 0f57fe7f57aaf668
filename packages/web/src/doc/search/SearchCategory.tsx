import { useTranslation } from 'react-i18next';
import { useDocContext } from '../doc-context';
import { flatten, withDocuments } from '../tree/tree';

/** The category to search in (all by default), indented as in the tree. */
export function SearchCategory({ value, onChange }: { value: string; onChange: (category: string) => void }) {
  const { t } = useTranslation();
  const { tree } = useDocContext();
  return (
    <label className="search-category">
      <span>{t('doc.searchCategory')}</span>
      <select
        value={value}
        data-testid="search-category"
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        <option value="">{t('doc.searchAllCategories')}</option>
        {flatten(withDocuments(tree.data?.list ?? [])).map(({ category, depth }) => (
          <option key={category._id} value={category._id}>
            {'\u00a0\u00a0'.repeat(depth) + category.name}
          </option>
        ))}
      </select>
    </label>
  );
}
