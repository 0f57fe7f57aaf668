import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../ui/format';
import type { Draft } from './drafts';

/** Offers back the changes kept from an earlier visit: restore them or throw them away. */
export function DraftOffer(props: { draft: Draft; onRestore: () => void; onDiscard: () => void }) {
  const { draft, onRestore, onDiscard } = props;
  const { t, i18n } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      className="draft-offer"
      data-testid="draft-offer"
      title={t('cms.editor.draftFound', { time: formatTime(draft.kept_at, i18n.language) })}
      action={
        <Space>
          <Button size="small" type="primary" onClick={onRestore}>
            {t('cms.editor.draftRestore')}
          </Button>
          <Button size="small" onClick={onDiscard}>
            {t('cms.editor.draftDiscard')}
          </Button>
        </Space>
      }
    />
  );
}
