import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsTenant } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { locales } from '@open/protocol/locales';
import { FormModal } from '../shared/FormModal';
import { callCentreLimits } from './fields';
import { TenantNumbersField } from './TenantNumbersField';
import { TenantCodeListField } from './TenantCodeListField';
import { useTenantForm } from './use-tenant-form';

/** Creates a tenant (`tenant` undefined) or edits one: its name, language, after-call work, reasons and numbers. */
export function TenantFormModal(props: {
  tenant: CmsTenant | undefined;
  onClose: () => void;
  onSaved: (tenant: CmsTenant) => void;
}) {
  const { tenant, onClose, onSaved } = props;
  const { t } = useTranslation();
  const { modal, numbers, addDraft } = useTenantForm(tenant, onSaved);

  return (
    <FormModal
      modal={modal}
      title={t(tenant ? 'cms.callCentre.tenantEdit' : 'cms.callCentre.tenantCreate')}
      onClose={onClose}
      width={640}
    >
      <TenantSettingsFields />

      <TenantCodeListField name="not_ready_reasons" />

      <TenantCodeListField name="wrap_up_codes" />

      <TenantNumbersField form={modal.form} numbers={numbers} addDraft={addDraft} />
    </FormModal>
  );
}

/** The tenant's name, default language and seconds of after-call work. */
function TenantSettingsFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        label={t('cms.callCentre.tenantName')}
        name="name"
        rules={[{ required: true, whitespace: true, message: t('cms.callCentre.tenantNameRequired') }]}
      >
        <Input maxLength={limits.personName} autoComplete="off" data-testid="tenant-name" />
      </Form.Item>
      <div className="cc-form-pair">
        <Form.Item label={t('cms.callCentre.defaultLang')} name="default_lang">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={locales.map((locale) => ({ value: locale.code, label: locale.nativeName }))}
            data-testid="tenant-lang"
          />
        </Form.Item>
        <Form.Item
          label={t('cms.callCentre.acwSeconds')}
          name="acw_seconds"
          extra={t('cms.callCentre.acwHelp', { max: callCentreLimits.acwMax })}
          rules={[{ required: true, message: t('cms.callCentre.acwRequired') }]}
        >
          <InputNumber
            min={0}
            max={callCentreLimits.acwMax}
            precision={0}
            style={{ width: '100%' }}
            data-testid="tenant-acw"
          />
        </Form.Item>
      </div>
    </>
  );
}
