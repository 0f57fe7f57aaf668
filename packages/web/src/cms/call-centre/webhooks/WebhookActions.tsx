import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Popconfirm, Space, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsWebhook } from '@open/protocol/api';

/** What a row of the webhooks' table does to its webhook. */
export interface WebhookRowActions {
  onDeliveries: (webhook: CmsWebhook) => void;
  onEdit: (webhook: CmsWebhook) => void;
  onTest: (webhook: CmsWebhook) => void;
  onRotate: (webhook: CmsWebhook) => void;
  onRemove: (webhook: CmsWebhook) => void;
}

/** Which change the popover asks about; kept while it closes, so its words do not change as it fades. */
interface Confirming {
  kind: 'rotate' | 'remove';
  open: boolean;
}

/**
 * One row's actions: its deliveries at hand, the rest in a small menu (edit, send a test event,
 * rotate the secret, delete), so the column stays narrow. Rotating and deleting are confirmed
 * first, in a popover naming the address.
 */
export function WebhookActions({ webhook, ...actions }: WebhookRowActions & { webhook: CmsWebhook }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<Confirming>({ kind: 'remove', open: false });
  const items: MenuProps['items'] = [
    { key: 'edit', label: <span data-testid="webhook-edit">{t('shell.common.edit')}</span> },
    { key: 'test', label: <span data-testid="webhook-test">{t('cms.webhooks.sendTest')}</span> },
    { key: 'rotate', label: <span data-testid="webhook-rotate">{t('cms.webhooks.rotate')}</span> },
    { type: 'divider' },
    { key: 'remove', danger: true, label: <span data-testid="webhook-delete">{t('shell.common.delete')}</span> },
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'edit') actions.onEdit(webhook);
    if (key === 'test') actions.onTest(webhook);
    if (key === 'rotate' || key === 'remove') setConfirming({ kind: key, open: true });
  };
  // The address isolated left to right inside a sentence of any direction.
  const url = `\u2066${webhook.url}\u2069`;
  return (
    <Space size="small">
      <Button
        size="small"
        onClick={() => {
          actions.onDeliveries(webhook);
        }}
        data-testid="webhook-deliveries"
      >
        {t('cms.webhooks.deliveries')}
      </Button>
      <Popconfirm
        open={confirming.open}
        onOpenChange={(open) => {
          if (!open) setConfirming({ ...confirming, open: false });
        }}
        title={<span className="cc-confirm-text cc-webhook-confirm">{t(confirmTitle[confirming.kind], { url })}</span>}
        description={<span className="cc-confirm-text">{t(confirmText[confirming.kind])}</span>}
        okText={t(confirming.kind === 'rotate' ? 'cms.webhooks.rotate' : 'shell.common.delete')}
        cancelText={t('shell.common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => {
          if (confirming.kind === 'rotate') actions.onRotate(webhook);
          else actions.onRemove(webhook);
          setConfirming({ ...confirming, open: false });
        }}
      >
        {/* The popover hangs on a plain element around the menu's button; only the menu opens it. */}
        <span className="cc-webhook-more">
          <Dropdown menu={{ items, onClick: onMenu }} trigger={['click']}>
            <Button size="small" data-testid="webhook-more">
              {t('cms.webhooks.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </span>
      </Popconfirm>
    </Space>
  );
}

const confirmTitle = { rotate: 'cms.webhooks.rotateConfirm', remove: 'cms.webhooks.deleteConfirm' } as const;
const confirmText = { rotate: 'cms.webhooks.rotateWarning', remove: 'cms.webhooks.deleteWarning' } as const;
