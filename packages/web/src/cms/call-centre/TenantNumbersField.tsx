import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Tag, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { callCentreLimits, isPhoneNumber, normalizePhoneNumber, verdict } from './fields';
import type { TenantForm, TenantValues } from './use-tenant-form';

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

/**
 * The tenant's displayed numbers: the list as tags, and a field typing the next one, added on
 * Enter or with the button (`addDraft`) once it is a number not yet in the list.
 */
export function TenantNumbersField({
  form,
  numbers,
  addDraft,
}: Pick<TenantForm, 'numbers' | 'addDraft'> & { form: FormInstance<TenantValues> }) {
  const { t } = useTranslation();
  return (
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
  );
}
