import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { trunkTransports } from '@open/protocol/trunk';
import { verdict } from './fields';
import { hostFits, usernameFits } from './trunk-fields';

/** What the password field knows of the saved password. */
interface SavedPassword {
  /** A password is saved: the field says so and offers to remove it. */
  hasPassword: boolean;
  /** The saved password is to be removed on save. */
  clearPassword: boolean;
  onClearPassword: (clear: boolean) => void;
}

/** How the trunk reaches the carrier: its server (host, port, transport) and the login there. */
export function TrunkConnectionFields(props: SavedPassword) {
  return (
    <div className="cc-form-pair">
      <TrunkServerFields />
      <TrunkLoginFields {...props} />
    </div>
  );
}

/** The carrier's server: its host, port and transport. */
function TrunkServerFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        label={t('cms.trunk.host')}
        name="host"
        extra={t('cms.trunk.hostHelp')}
        rules={[
          { required: true, whitespace: true, message: t('cms.trunk.hostRequired') },
          {
            validator: (_, value: string | undefined) =>
              verdict(Boolean(value?.trim()) && !hostFits(value ?? '') && t('cms.trunk.hostRule')),
          },
        ]}
      >
        <Input
          maxLength={limits.trunkHost}
          autoComplete="off"
          spellCheck={false}
          className="cc-ltr-input"
          data-testid="trunk-host"
        />
      </Form.Item>
      <div className="cc-form-pair">
        <Form.Item
          label={t('cms.trunk.port')}
          name="port"
          rules={[{ required: true, message: t('cms.trunk.portRequired') }]}
        >
          <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} data-testid="trunk-port" />
        </Form.Item>
        <Form.Item label={t('cms.trunk.transport')} name="transport">
          <Select
            options={trunkTransports.map((transport) => ({ value: transport, label: transport.toUpperCase() }))}
            data-testid="trunk-transport"
          />
        </Form.Item>
      </div>
    </>
  );
}

/** The login at the carrier: a username, and a password never shown, only whether one is saved. */
function TrunkLoginFields({ hasPassword, clearPassword, onClearPassword }: SavedPassword) {
  const { t } = useTranslation();
  const passwordHelp = !hasPassword
    ? t('cms.trunk.passwordNone')
    : clearPassword
      ? t('cms.trunk.passwordCleared')
      : t('cms.trunk.passwordSaved');
  return (
    <>
      <Form.Item
        label={t('cms.trunk.username')}
        name="username"
        extra={t('cms.trunk.usernameHelp')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              const username = value ?? '';
              if (!usernameFits(username)) return verdict(t('cms.trunk.usernameRule'));
              const password = getFieldValue('password') as string | undefined;
              return verdict(!username.trim() && Boolean(password) && t('cms.trunk.usernameRequired'));
            },
          }),
        ]}
      >
        <Input
          maxLength={limits.trunkUsername}
          autoComplete="off"
          spellCheck={false}
          className="cc-ltr-input"
          data-testid="trunk-username"
        />
      </Form.Item>
      <Form.Item
        label={t('cms.trunk.password')}
        name="password"
        extra={
          <span className="cc-trunk-password-help" data-testid="trunk-password-help">
            {passwordHelp}{' '}
            {hasPassword && (
              <Button
                type="link"
                size="small"
                className="cc-trunk-password-toggle"
                onClick={() => {
                  onClearPassword(!clearPassword);
                }}
                data-testid="trunk-password-clear"
              >
                {t(clearPassword ? 'cms.trunk.passwordKeep' : 'cms.trunk.passwordClear')}
              </Button>
            )}
          </span>
        }
      >
        <Input.Password maxLength={limits.password} autoComplete="new-password" data-testid="trunk-password" />
      </Form.Item>
    </>
  );
}
