import { Form, Input, InputNumber, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsVersion } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { call } from '../../api/client';
import { FormModal } from '../shared/FormModal';
import { useModalForm } from '../shared/use-modal-form';

interface VersionValues {
  name: string;
  sort: number;
  isDefault: boolean;
}

/** Creates a version (`version` undefined) or edits one. */
export function VersionFormModal(props: {
  open: boolean;
  version: CmsVersion | undefined;
  onClose: () => void;
  onSaved: (version: CmsVersion) => void;
}) {
  const { open, version, onClose, onSaved } = props;
  const { t } = useTranslation();
  const modal = useModalForm<VersionValues, CmsVersion>({
    save: (values) =>
      call('cms/set_version_info', {
        ...(version ? { _id: version._id } : {}),
        name: values.name,
        sort: values.sort,
        // Switching the default off is refused by the server; only ever send "make default".
        ...(values.isDefault && !version?.isDefault ? { isDefault: true } : {}),
      }),
    success: t('cms.versions.saved'),
    onSaved,
    // A taken name belongs to the name field, not to a toast over the header.
    fieldOf: { versionNameTaken: 'name' },
  });
  const { form } = modal;

  useEffect(() => {
    if (open)
      form.setFieldsValue({
        name: version?.name ?? '',
        sort: version?.sort ?? 0,
        isDefault: version?.isDefault ?? false,
      });
  }, [open, version, form]);

  return (
    <FormModal
      modal={modal}
      open={open}
      title={t(version ? 'cms.versions.edit' : 'cms.versions.create')}
      onClose={onClose}
      requiredMark="optional"
      destroyOnHidden
    >
      <Form.Item
        label={t('cms.versions.name')}
        name="name"
        rules={[
          { required: true, whitespace: true, message: t('cms.versions.nameRequired') },
          { max: limits.versionName, message: t('cms.versions.nameTooLong', { max: limits.versionName }) },
        ]}
      >
        <Input
          placeholder={t('cms.versions.namePlaceholder')}
          maxLength={limits.versionName}
          showCount
          data-testid="version-name"
          autoFocus
        />
      </Form.Item>
      <Form.Item label={t('cms.versions.sort')} name="sort" extra={t('cms.versions.sortHelp')}>
        <InputNumber min={limits.sortMin} max={limits.sortMax} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label={t('cms.versions.isDefault')} name="isDefault" valuePropName="checked">
        <Switch disabled={version?.isDefault} data-testid="version-default" />
      </Form.Item>
    </FormModal>
  );
}
