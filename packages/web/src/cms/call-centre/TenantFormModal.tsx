import { CloseOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsTenant } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { DEFAULT_LANG, locales, type Lang } from '@open/protocol/locales';
import { call } from '../../api/client';
import { FormModal } from '../shared/FormModal';
import { Muted } from '../shared/text';
import { useModalForm } from '../shared/use-modal-form';
import { callCentreLimits, isPhoneNumber, normalizePhoneNumber, REASON_ID_PATTERN, verdict } from './fields';

interface Values {
  name: string;
  default_lang: Lang;
  acw_seconds: number;
  not_ready_reasons: { id: string; name: string }[];
  display_numbers: string[];
  /** The number being typed, not yet in the list: added on Enter, with the button, or on save. */
  number_draft: string;
}

/** An example number, isolated left to right so its '+' stays in front in right-to-left text. */
const EXAMPLE_NUMBER = '\u2066+14155550100\u2069';

/** The displayed numbers as removable tags (the form's `display_numbers`). */
function NumberTags({ value = [], onChange }: { value?: string[]; onChange?: (next: string[]) => void }) {
  const { t } = useTranslation();
  if (!value.length) return null;
  return (
    <div className="cc-number-tags" data-testid="tenant-numbers">
      {value.map((number) => (
        <Tag
          key={number}
          closable
          closeIcon={<CloseOutlined aria-label={t('cms.callCentre.numberRemove', { number })} />}
          onClose={() => {
            onChange?.(value.filter((other) => other !== number));
          }}
        >
          <span className="cc-ltr">{number}</span>
        </Tag>
      ))}
    </div>
  );
}

/** Creates a tenant (`tenant` undefined) or edits one: its name, language, after-call work, reasons and numbers. */
export function TenantFormModal(props: {
  tenant: CmsTenant | undefined;
  onClose: () => void;
  onSaved: (tenant: CmsTenant) => void;
}) {
  const { tenant, onClose, onSaved } = props;
  const { t } = useTranslation();
  const modal = useModalForm<Values, CmsTenant>({
    save: (values) => {
      const draft = normalizePhoneNumber(values.number_draft);
      return call('cms/set_tenant_info', {
        ...(tenant ? { _id: tenant._id } : {}),
        name: values.name.trim(),
        default_lang: values.default_lang,
        acw_seconds: values.acw_seconds,
        not_ready_reasons: values.not_ready_reasons.map((reason) => ({ id: reason.id, name: reason.name.trim() })),
        display_numbers: draft ? [...values.display_numbers, draft] : values.display_numbers,
      });
    },
    success: t('cms.callCentre.tenantSaved'),
    onSaved,
    // The numbers show as tags, not one field each: a refused number is said under the list.
    whole: ['display_numbers'],
  });
  const { form } = modal;
  // Undefined until the form has its values.
  const numbers = Form.useWatch<string[] | undefined>('display_numbers', form) ?? [];

  useEffect(() => {
    form.setFieldsValue({
      name: tenant?.name ?? '',
      default_lang: (tenant?.default_lang as Lang | undefined) ?? DEFAULT_LANG,
      acw_seconds: tenant?.acw_seconds ?? 15,
      not_ready_reasons: tenant?.not_ready_reasons ?? [],
      display_numbers: tenant?.display_numbers ?? [],
      number_draft: '',
    });
  }, [tenant, form]);

  const addDraft = async () => {
    try {
      const { number_draft: draft } = await form.validateFields(['number_draft']);
      const number = normalizePhoneNumber(draft);
      if (!number) return;
      form.setFieldsValue({ display_numbers: [...numbers, number], number_draft: '' });
    } catch {
      // The field shows why.
    }
  };

  return (
    <FormModal
      modal={modal}
      title={t(tenant ? 'cms.callCentre.tenantEdit' : 'cms.callCentre.tenantCreate')}
      onClose={onClose}
      width={640}
    >
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
                <div key={field.key} className="cc-reason-row">
                  <Form.Item
                    name={[field.name, 'id']}
                    rules={[
                      { required: true, whitespace: true, message: t('cms.callCentre.reasonIdRequired') },
                      { pattern: REASON_ID_PATTERN, message: t('cms.callCentre.reasonIdRule') },
                      ({ getFieldValue }) => ({
                        validator: (_, value: string | undefined) => {
                          const all = (getFieldValue('not_ready_reasons') ?? []) as Values['not_ready_reasons'];
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
                    onClick={() => {
                      remove(field.name);
                    }}
                  />
                </div>
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

      <Form.Item
        label={t('cms.callCentre.numbers')}
        extra={t('cms.callCentre.numbersHelp', { max: callCentreLimits.numbersMax })}
      >
        <Form.Item name="display_numbers" noStyle>
          <NumberTags />
        </Form.Item>
        <div className="cc-number-add">
          <Form.Item
            name="number_draft"
            noStyle
            validateTrigger={[]}
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const number = normalizePhoneNumber(value ?? '');
                  if (!number) return verdict(false);
                  if (!isPhoneNumber(number)) return verdict(t('cms.callCentre.numberRule'));
                  return verdict(numbers.includes(number) && t('cms.callCentre.numberTaken'));
                },
              },
            ]}
          >
            <Input
              maxLength={callCentreLimits.phoneNumber}
              inputMode="tel"
              className="cc-ltr-input"
              autoComplete="off"
              placeholder={t('cms.callCentre.numberPlaceholder', { number: EXAMPLE_NUMBER })}
              aria-label={t('cms.callCentre.numbers')}
              disabled={numbers.length >= callCentreLimits.numbersMax}
              onChange={() => {
                form.setFields([{ name: 'number_draft', errors: [] }]);
              }}
              onPressEnter={(event) => {
                event.preventDefault();
                void addDraft();
              }}
              data-testid="tenant-number-input"
            />
          </Form.Item>
          <Button
            icon={<PlusOutlined />}
            disabled={numbers.length >= callCentreLimits.numbersMax}
            onClick={() => void addDraft()}
            data-testid="tenant-number-add"
          >
            {t('cms.callCentre.numberAdd')}
          </Button>
        </div>
      </Form.Item>
    </FormModal>
  );
}
