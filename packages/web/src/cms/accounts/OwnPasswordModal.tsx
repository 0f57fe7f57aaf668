import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { call } from '../../api/client';
import { sessionStore } from '../../session/session-store';
import { FormModal } from '../shared/FormModal';
import { NewPasswordItem } from '../shared/NewPasswordItem';
import { useModalForm } from '../shared/use-modal-form';

interface Values {
  old_password: string;
  new_password: string;
  confirm: string;
}

/**
 * Changes the signed-in user's own password. `forced`: the demo password must be changed before
 * anything else, so the dialog cannot be dismissed.
 */
export default function OwnPasswordModal({
  open,
  forced,
  onClose,
}: {
  open: boolean;
  forced: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const modal = useModalForm<Values>({
    save: async (values) => {
      await call('cms/set_own_password', { old_password: values.old_password, new_password: values.new_password });
    },
    success: t('cms.password.changed'),
    onSaved: async () => {
      modal.form.resetFields();
      // The session says whether a change is still required (the demo password): read it again.
      await sessionStore.refresh();
      onClose();
    },
    fieldOf: { wrongCredentials: 'old_password' },
  });

  return (
    <FormModal
      modal={modal}
      open={open}
      title={t('cms.password.change')}
      onClose={onClose}
      requiredMark={false}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      cancelButtonProps={forced ? { style: { display: 'none' } } : {}}
      notice={
        forced && <Alert type="warning" showIcon title={t('cms.password.mustChange')} style={{ marginBlockEnd: 16 }} />
      }
    >
      <Form.Item
        label={t('cms.password.old')}
        name="old_password"
        rules={[{ required: true, message: t('cms.password.oldRequired') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={limits.password} data-testid="password-old" />
      </Form.Item>
      <NewPasswordItem name="new_password" testId="password-new" />
      <Form.Item
        label={t('cms.password.confirm')}
        name="confirm"
        dependencies={['new_password']}
        rules={[
          { required: true, message: t('cms.password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string) =>
              value === getFieldValue('new_password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('cms.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={limits.password} data-testid="password-confirm" />
      </Form.Item>
    </FormModal>
  );
}
