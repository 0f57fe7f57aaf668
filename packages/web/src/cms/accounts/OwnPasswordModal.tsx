import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { call } from '../../api/client';
import { sessionStore } from '../../session/session-store';
import { showOnFields, useFeedback } from '../../ui/feedback';
import { NewPasswordItem } from '../shared/NewPasswordItem';

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
  const { fail, formInvalid, done } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      formInvalid();
      return;
    }
    setSaving(true);
    try {
      await call('cms/set_own_password', { old_password: values.old_password, new_password: values.new_password });
      done(t('cms.password.changed'));
      form.resetFields();
      await sessionStore.refresh();
      onClose();
    } catch (error) {
      if (!showOnFields(form, error, { wrongCredentials: 'old_password' })) fail(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('cms.password.change')}
      okText={t('shell.common.save')}
      cancelText={t('shell.common.cancel')}
      confirmLoading={saving}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      cancelButtonProps={forced ? { style: { display: 'none' } } : {}}
      onOk={() => void save()}
      onCancel={onClose}
      forceRender
    >
      {forced && <Alert type="warning" showIcon title={t('cms.password.mustChange')} style={{ marginBlockEnd: 16 }} />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={() => void save()}>
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
      </Form>
    </Modal>
  );
}
