import { Button, Empty, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsTenant, CmsWebhook } from '@open/protocol/api';
import { webhookLimits } from '@open/protocol/webhooks';
import { Heading, MutedParagraph } from '../../shared/text';
import { useWebhookColumns } from './webhook-columns';
import { WebhookActions } from './WebhookActions';
import { WebhookDeliveriesDrawer } from './WebhookDeliveries';
import { WebhookFormModal } from './WebhookFormModal';
import { WebhookSecretModal } from './WebhookSecretModal';
import { useWebhookList } from './use-webhook-list';

/** A signing secret to show once, with the address it signs for. */
interface ShownSecret {
  url: string;
  secret: string;
}

/**
 * The selected tenant's webhooks (docs/WEBHOOKS.md): the addresses its CRM's back end hears the
 * call centre's events at, each with its latest delivery; added, edited, tested, its secret
 * replaced, its delivery log read and redelivered from.
 */
export function WebhooksSection({ tenant }: { tenant: CmsTenant }) {
  const { t } = useTranslation();
  const { webhooks, rows, full, remove, rotate, sendTest } = useWebhookList(tenant);
  const [editing, setEditing] = useState<{ webhook: CmsWebhook | undefined } | undefined>();
  const [secret, setSecret] = useState<ShownSecret | undefined>();
  const [log, setLog] = useState<{ webhook: CmsWebhook; opened: number } | undefined>();
  const openLog = (webhook: CmsWebhook) => {
    setLog((shown) => ({ webhook, opened: (shown?.opened ?? 0) + 1 }));
  };
  const columns = useWebhookColumns((webhook) => (
    <WebhookActions
      webhook={webhook}
      onDeliveries={openLog}
      onEdit={(chosen) => {
        setEditing({ webhook: chosen });
      }}
      onTest={(chosen) => {
        void sendTest(chosen).then((sent) => {
          if (sent) openLog(chosen);
        });
      }}
      onRotate={(chosen) => {
        void rotate(chosen).then((made) => {
          if (made) setSecret({ url: chosen.url, secret: made });
        });
      }}
      onRemove={(chosen) => {
        void remove(chosen).then((removed) => {
          if (removed && log?.webhook._id === chosen._id) setLog(undefined);
        });
      }}
    />
  ));

  return (
    <section className="cc-webhooks" aria-labelledby="cc-webhooks-title" data-testid="webhook-section">
      <div className="cms-toolbar cc-webhooks-toolbar">
        <Heading level={5} id="cc-webhooks-title" className="cc-section-title">
          {t('cms.webhooks.title', { name: tenant.name })}
        </Heading>
        <AddButton
          full={full}
          onAdd={() => {
            setEditing({ webhook: undefined });
          }}
        />
      </div>
      <MutedParagraph>{t('cms.webhooks.intro')}</MutedParagraph>
      <Table<CmsWebhook>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={webhooks.loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('cms.webhooks.empty')} /> }}
        data-testid="webhook-table"
      />
      {editing && (
        <WebhookFormModal
          tenant={tenant}
          webhook={editing.webhook}
          onClose={() => {
            setEditing(undefined);
          }}
          onSaved={(saved) => {
            setEditing(undefined);
            if (saved.secret) setSecret({ url: saved.url, secret: saved.secret });
            webhooks.retry();
          }}
        />
      )}
      {secret && (
        <WebhookSecretModal
          url={secret.url}
          secret={secret.secret}
          onClose={() => {
            setSecret(undefined);
          }}
        />
      )}
      <WebhookDeliveriesDrawer
        webhook={log?.webhook}
        opened={log?.opened ?? 0}
        onChanged={webhooks.retry}
        onClose={() => {
          setLog(undefined);
          webhooks.retry();
        }}
      />
    </section>
  );
}

/** "Add webhook", switched off with the reason beside it once the tenant has as many as it may. */
function AddButton({ full, onAdd }: { full: boolean; onAdd: () => void }) {
  const { t } = useTranslation();
  const button = (
    <Button type="primary" disabled={full} onClick={onAdd} data-testid="webhook-create">
      {t('cms.webhooks.add')}
    </Button>
  );
  if (!full) return button;
  // A disabled button takes no pointer events: the tooltip hangs on a box around it, which the keyboard reaches.
  return (
    <Tooltip title={t('cms.webhooks.limitReached', { max: webhookLimits.perTenant })}>
      <span tabIndex={0} className="cc-webhook-add-wrap">
        {button}
      </span>
    </Tooltip>
  );
}
