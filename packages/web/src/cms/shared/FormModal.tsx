import { Form, Modal, type FormProps, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModalForm } from './use-modal-form';

/** What FormModal sets itself; any other prop of Modal passes through (width, closable…). */
type Owned = 'open' | 'title' | 'okText' | 'cancelText' | 'confirmLoading' | 'onOk' | 'onCancel' | 'forceRender';

/**
 * A dialog holding one form of `useModalForm`: Save submits it (so does Enter in a field),
 * Cancel closes, and the OK button spins while the save is on its way.
 */
export function FormModal<V>({
  modal,
  title,
  open = true,
  onClose,
  notice,
  requiredMark,
  children,
  ...rest
}: Omit<ModalProps, Owned> & {
  modal: ModalForm<V>;
  title: string;
  /** Dialogs mounted only while shown leave it out. */
  open?: boolean;
  onClose: () => void;
  /** Above the form: a warning, say. */
  notice?: ReactNode;
  requiredMark?: FormProps<V>['requiredMark'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = () => void modal.submit();
  return (
    <Modal
      open={open}
      title={title}
      okText={t('shell.common.save')}
      cancelText={t('shell.common.cancel')}
      confirmLoading={modal.saving}
      onOk={submit}
      onCancel={onClose}
      // The form instance is in use (values set, fields read) before the dialog is first shown.
      forceRender
      {...rest}
    >
      {notice}
      <Form<V> form={modal.form} layout="vertical" requiredMark={requiredMark} onFinish={submit}>
        {children}
      </Form>
    </Modal>
  );
}
