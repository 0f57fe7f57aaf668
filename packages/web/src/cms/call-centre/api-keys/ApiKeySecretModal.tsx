import { Alert, Button, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../ui/CopyButton';
import { Muted, Strong } from '../../shared/text';
import { isolated, streamCurl } from './api-key-fields';

/**
 * An API key just made: the one time it is shown, with the command that opens the stream with
 * it. Closed only by its button or the close icon, not by a click beside it, so it is not lost
 * by accident. The key and the command read left to right in every language.
 */
export function ApiKeySecretModal({ name, apiKey, onClose }: { name: string; apiKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  const curl = streamCurl(window.location.origin, apiKey);
  return (
    <Modal
      open
      title={t('cms.apiKeys.secretTitle', { name: isolated(name) })}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-key-secret-done">
          {t('cms.apiKeys.secretDone')}
        </Button>
      }
      width={640}
    >
      <div className="cc-api-key-secret">
        <Alert type="warning" showIcon title={t('cms.apiKeys.secretOnce')} />
        <div className="cc-api-key-secret-row">
          <Input
            readOnly
            value={apiKey}
            dir="ltr"
            aria-label={t('cms.apiKeys.secretLabel')}
            className="cc-api-key-secret-value cc-ltr-input"
            onFocus={(event) => {
              event.target.select();
            }}
            data-testid="api-key-secret"
          />
          <CopyButton text={apiKey} label={t('cms.apiKeys.secretCopy')} />
        </div>
        <Strong>{t('cms.apiKeys.tryTitle')}</Strong>
        <Muted>{t('cms.apiKeys.tryText')}</Muted>
        <div className="cc-api-key-secret-row">
          <pre className="cc-api-key-curl" dir="ltr" data-testid="api-key-curl">
            <code>{curl}</code>
          </pre>
          <CopyButton text={curl} label={t('cms.apiKeys.curlCopy')} />
        </div>
      </div>
    </Modal>
  );
}
