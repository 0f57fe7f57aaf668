import { Alert, Button, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { webhookHeaders } from '@open/protocol/webhooks';
import { CopyButton } from '../../../ui/CopyButton';
import { Muted, Strong } from '../../shared/text';

/**
 * A webhook's signing secret, just made or replaced: the one time it is shown. Closed only by its
 * button or the close icon, not by a click beside it, so it is not lost by accident.
 */
export function WebhookSecretModal({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('cms.webhooks.secretTitle')}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose} data-testid="webhook-secret-done">
          {t('cms.webhooks.secretDone')}
        </Button>
      }
      width={600}
    >
      <div className="cc-webhook-secret" data-testid="webhook-secret">
        <Muted className="cc-webhook-secret-url cc-ltr" dir="ltr">
          {url}
        </Muted>
        <Alert type="warning" showIcon title={t('cms.webhooks.secretOnce')} />
        <div className="cc-webhook-secret-row">
          <Input
            readOnly
            value={secret}
            dir="ltr"
            aria-label={t('cms.webhooks.secretTitle')}
            className="cc-webhook-secret-value cc-ltr-input"
            onFocus={(event) => {
              event.target.select();
            }}
            data-testid="webhook-secret-value"
          />
          <CopyButton text={secret} label={t('cms.webhooks.secretCopy')} />
        </div>
        <Strong>{t('cms.webhooks.verifyTitle')}</Strong>
        <Muted>{t('cms.webhooks.verifyText')}</Muted>
        <ul className="cc-webhook-headers">
          {Object.values(webhookHeaders).map((header) => (
            <li key={header}>
              <code dir="ltr">{header}</code>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
