import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, type FormListFieldData } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { Muted } from '../shared/text';
import { callCentreLimits, REASON_ID_PATTERN, verdict } from './fields';
import type { TenantValues } from './use-tenant-form';

/** The tenant's not-ready reasons (the form's `not_ready_reasons`): an id and a name each. */
export function TenantReasonsField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t('cms.callCentre.reasons')}
      extra={t('cms.callCentre.reasonsHelp', { max: callCentreLimits.reasonsMax })}
    >
      <Form.List name="not_ready_reasons">
        {(fields, { add, remove }) => (
          <div className="cc-reasons" data-testid="tenant-reasons">
            {fields.length > 0 && (
              <div className="cc-reason-row cc-reason-head" aria-hidden>
                <Muted>{t('cms.callCentre.reasonId')}</Muted>
                <Muted>{t('cms.callCentre.reasonName')}</Muted>
              </div>
            )}
            {fields.map((field) => (
              <ReasonRow
                key={field.key}
                field={field}
                onRemove={() => {
                  remove(field.name);
                }}
              />
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= callCentreLimits.reasonsMax}
              onClick={() => {
                add({ id: '', name: '' });
              }}
              data-testid="tenant-reason-add"
            >
              {t('cms.callCentre.reasonAdd')}
            </Button>
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** One reason of the list: its id (unique in the list), its name, and a button removing it. */
function ReasonRow({ field, onRemove }: { field: FormListFieldData; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="cc-reason-row">
      <Form.Item
        name={[field.name, 'id']}
        rules={[
          { required: true, whitespace: true, message: t('cms.callCentre.reasonIdRequired') },
          { pattern: REASON_ID_PATTERN, message: t('cms.callCentre.reasonIdRule') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              const all = (getFieldValue('not_ready_reasons') ?? []) as TenantValues['not_ready_reasons'];
              const taken = Boolean(value) && all.filter((reason) => reason.id === value).length > 1;
              return verdict(taken && t('cms.callCentre.reasonIdTaken'));
            },
          }),
        ]}
      >
        <Input
          maxLength={callCentreLimits.reasonId}
          aria-label={t('cms.callCentre.reasonId')}
          autoComplete="off"
          className="cc-ltr-input"
        />
      </Form.Item>
      <Form.Item
        name={[field.name, 'name']}
        rules={[{ required: true, whitespace: true, message: t('cms.callCentre.reasonNameRequired') }]}
      >
        <Input maxLength={limits.personName} aria-label={t('cms.callCentre.reasonName')} />
      </Form.Item>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('cms.callCentre.reasonRemove')}
        title={t('cms.callCentre.reasonRemove')}
        onClick={onRemove}
      />
    </div>
  );
}
