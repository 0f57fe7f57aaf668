import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsTenant } from '@open/protocol/api';
import { call } from '../../api/client';
import { CopyButton } from '../../ui/CopyButton';
import { useFeedback } from '../../ui/feedback';
import { Muted, Strong } from '../shared/text';

/** As many dots as no token has, so the mask tells nothing of its length. */
const MASK = '•'.repeat(24);

/** A tenant's SSO public-key token: masked until asked, copied with a button, replaced behind a confirmation. */
export function SsoToken({ tenant, onReset }: { tenant: CmsTenant; onReset: (tenant: CmsTenant) => void }) {
  const { t } = useTranslation();
  const { fail, done } = useFeedback();
  const [shown, setShown] = useState(false);
  const [resetting, setResetting] = useState(false);

  const reset = async () => {
    setResetting(true);
    try {
      const updated = await call('cms/reset_tenant_sso_token', { _id: tenant._id });
      done(t('cms.callCentre.ssoResetDone'));
      onReset(updated);
    } catch (error) {
      fail(error);
    } finally {
      setResetting(false);
    }
  };

  const toggle = t(shown ? 'cms.callCentre.ssoHide' : 'cms.callCentre.ssoShow');
  return (
    <div className="cc-token" data-testid="sso-token">
      <Strong className="cc-token-label">{t('cms.callCentre.ssoToken')}</Strong>
      <div className="cc-token-row">
        <code className="cc-token-value cc-ltr" data-testid="sso-token-value">
          {shown ? tenant.sso_token : MASK}
        </code>
        <span className="cc-token-actions">
          <Tooltip title={toggle}>
            <Button
              type="link"
              size="small"
              icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              aria-label={toggle}
              aria-pressed={shown}
              onClick={() => {
                setShown((value) => !value);
              }}
              data-testid="sso-token-toggle"
            />
          </Tooltip>
          <CopyButton text={tenant.sso_token} label={t('cms.callCentre.ssoCopy')} />
          <Popconfirm
            title={t('cms.callCentre.ssoResetConfirm', { name: tenant.name })}
            description={<span className="cc-confirm-text">{t('cms.callCentre.ssoResetWarning')}</span>}
            okText={t('shell.common.ok')}
            cancelText={t('shell.common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => {
              void reset();
            }}
          >
            <Button size="small" danger loading={resetting} data-testid="sso-token-reset">
              {t('cms.callCentre.ssoReset')}
            </Button>
          </Popconfirm>
        </span>
      </div>
      <Muted>{t('cms.callCentre.ssoTokenHelp')}</Muted>
    </div>
  );
}
