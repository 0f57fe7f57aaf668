import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsTenant, CmsWebhook } from '@open/protocol/api';
import { webhookLimits } from '@open/protocol/webhooks';
import { FormModal } from '../../shared/FormModal';
import { Muted } from '../../shared/text';
import { verdict } from '../fields';
import { descriptionProblem, orderedEvents, urlProblem } from './webhook-fields';
import { WebhookEventsInput } from './WebhookEventsInput';
import { useWebhookForm, type SavedWebhook } from './use-webhook-form';

/** An example address, isolated left to right so it reads the same in right-to-left text. */
const EXAMPLE_URL = '\u2066https://crm.example.com/hooks/calls\u2069';

/** Adds a webhook to `tenant` (`webhook` undefined) or edits one. */
export function WebhookFormModal(props: {
  tenant: CmsTenant;
  webhook: CmsWebhook | undefined;
  onClose: () => void;
  onSaved: (saved: SavedWebhook) => void;
}) {
  const { tenant, webhook, onClose, onSaved } = props;
  const { t } = useTranslation();
  const modal = useWebhookForm(tenant, webhook, onSaved);

  return (
    <FormModal
      modal={modal}
      title={t(webhook ? 'cms.webhooks.editTitle' : 'cms.webhooks.add')}
      onClose={onClose}
      width={720}
    >
      <Form.Item
        label={t('cms.webhooks.url')}
        name="url"
        extra={t('cms.webhooks.urlHelp', { example: EXAMPLE_URL })}
        rules={[{ required: true, validator: (_, value: string | undefined) => verdict(urlProblem(t, value)) }]}
      >
        <Input
          maxLength={webhookLimits.url}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          className="cc-ltr-input"
          data-testid="webhook-url"
        />
      </Form.Item>
      <Form.Item
        label={t('cms.webhooks.description')}
        name="description"
        rules={[{ validator: (_, value: string | undefined) => verdict(descriptionProblem(t, value)) }]}
      >
        <Input
          maxLength={webhookLimits.description}
          placeholder={t('cms.webhooks.descriptionPlaceholder')}
          autoComplete="off"
          data-testid="webhook-description"
        />
      </Form.Item>
      <Form.Item
        label={t('cms.webhooks.events')}
        name="events"
        normalize={orderedEvents}
        rules={[{ type: 'array', required: true, min: 1, message: t('cms.webhooks.eventsRequired') }]}
      >
        <WebhookEventsInput />
      </Form.Item>
      <Form.Item
        label={t('cms.webhooks.enabledLabel')}
        name="enabled"
        valuePropName="checked"
        extra={t('cms.webhooks.enabledHelp')}
      >
        <Switch data-testid="webhook-enabled" />
      </Form.Item>
      {webhook && (
        <Muted className="cc-webhook-hint">
          {t('cms.webhooks.secretHint')} <code className="cc-ltr">{webhook.secret_hint}</code>
        </Muted>
      )}
    </FormModal>
  );
}
