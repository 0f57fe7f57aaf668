import { CloseOutlined } from '@ant-design/icons';
import { Select, Tag, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { refusedEntries, type TrunkList } from './trunk-fields';

type TagProps = Parameters<NonNullable<SelectProps['tagRender']>>[0];

/** One list of the trunk (addresses, DIDs, numbers to present, the dial plan's) as tags typed one by one or pasted. */
export function TrunkTags(props: {
  list: TrunkList;
  value?: string[];
  onChange?: (next: string[]) => void;
  id?: string;
  'aria-describedby'?: string;
  'data-testid': string;
}) {
  const { list, value = [], onChange, ...rest } = props;
  const { t } = useTranslation();
  const refused = new Set(refusedEntries(list, value));
  const tag = ({ value: entry, closable, onClose }: TagProps) => {
    const text = String(entry);
    return (
      <Tag
        color={refused.has(text) ? 'error' : undefined}
        closable={closable}
        closeIcon={<CloseOutlined aria-label={t('cms.callCentre.numberRemove', { number: text })} />}
        onClose={onClose}
        // Clicking a tag must not open the list under it.
        onMouseDown={(event) => {
          event.preventDefault();
          event.stopPropagation();
        }}
        className="cc-trunk-tag"
      >
        <span className="cc-ltr">{text}</span>
      </Tag>
    );
  };
  return (
    <Select
      {...rest}
      mode="tags"
      value={value}
      onChange={onChange}
      tagRender={tag}
      // Numbers and prefixes may be typed with spaces ('+49 30 1234', '+1 900'), so only commas
      // split those; addresses and short numbers never hold one.
      tokenSeparators={list === 'allowed_sources' || list === 'short_numbers' ? [',', ';', ' '] : [',', ';']}
      suffix={null}
      notFoundContent={null}
      // The box reads left to right; the hint reads in the page's own direction.
      placeholder={<span dir="auto">{t('cms.trunk.tagsPlaceholder')}</span>}
      className="cc-ltr-input"
    />
  );
}
