import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, type FormListFieldData } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { Muted } from '../shared/text';
import { callCentreLimits, REASON_ID_PATTERN, verdict } from './fields';
import type { TenantValues } from './use-tenant-form';

type ListName = 'not_ready_reasons' | 'wrap_up_codes';

/** What each list is called and says; the ids, names and their checks are the same for both. */
const lists = {
  not_ready_reasons: {
    max: callCentreLimits.reasonsMax,
    label: 'cms.callCentre.reasons',
    help: 'cms.callCentre.reasonsHelp',
    add: 'cms.callCentre.reasonAdd',
    remove: 'cms.callCentre.reasonRemove',
    testId: 'tenant-reasons',
    addTestId: 'tenant-reason-add',
  },
  wrap_up_codes: {
    max: callCentreLimits.wrapUpCodesMax,
    label: 'cms.callCentre.wrapUpCodes',
    help: 'cms.callCentre.wrapUpCodesHelp',
    add: 'cms.callCentre.wrapUpCodeAdd',
    remove: 'cms.callCentre.wrapUpCodeRemove',
    testId: 'tenant-wrap-up-codes',
    addTestId: 'tenant-wrap-up-code-add',
  },
} as const;

/**
 * A list of the tenant's that agents pick from by id (the form's `not_ready_reasons` or
 * `wrap_up_codes`): an id and a name each.
 */
export function TenantCodeListField({ name }: { name: ListName }) {
  const { t } = useTranslation();
  const list = lists[name];
  return (
    <Form.Item label={t(list.label)} extra={t(list.help, { max: list.max })}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <div className="cc-reasons" data-testid={list.testId}>
            {fields.length > 0 && (
              <div className="cc-reason-row cc-reason-head" aria-hidden>
                <Muted>{t('cms.callCentre.reasonId')}</Muted>
                <Muted>{t('cms.callCentre.reasonName')}</Muted>
              </div>
            )}
            {fields.map((field) => (
              <CodeRow
                key={field.key}
                list={name}
                field={field}
                onRemove={() => {
                  remove(field.name);
                }}
              />
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= list.max}
              onClick={() => {
                add({ id: '', name: '' });
              }}
              data-testid={list.addTestId}
            >
              {t(list.add)}
            </Button>
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** One entry of the list: its id (unique in the list), its name, and a button removing it. */
function CodeRow({ list, field, onRemove }: { list: ListName; field: FormListFieldData; onRemove: () => void }) {
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
              const all = (getFieldValue(list) ?? []) as TenantValues[ListName];
              const taken = Boolean(value) && all.filter((entry) => entry.id === value).length > 1;
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
        aria-label={t(lists[list].remove)}
        title={t(lists[list].remove)}
        onClick={onRemove}
      />
    </div>
  );
}
