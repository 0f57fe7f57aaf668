import { Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MethodDefinition, ParamDefinition } from '@open/protocol/softphone/catalogue';
import { catalogueText } from './catalogue-text';
import { ExtraParams } from './ExtraParams';
import { readObject } from './method-params';
import { problemKey } from './method-problems';
import { ParamType } from './ParamType';

/** A catalogued parameter's checks: required ones filled, an object's JSON read. */
function paramRules(t: TFunction, param: ParamDefinition): Rule[] {
  const rules: Rule[] = [];
  if (param.required && param.type !== 'boolean') {
    rules.push({
      required: true,
      whitespace: param.type === 'string',
      message: param.type === 'enum' ? t('demo.methods.choosePrompt') : t('demo.methods.valuePrompt'),
    });
  }
  if (param.type === 'object') {
    rules.push({
      validator: (_, value: unknown) => {
        if (typeof value !== 'string' || value.trim() === '') return Promise.resolve();
        const read = readObject(value);
        return 'problem' in read ? Promise.reject(new Error(t(problemKey[read.problem]))) : Promise.resolve();
      },
    });
  }
  return rules;
}

/**
 * The input of a catalogued parameter. An element, not a component: the Form.Item gives its
 * value and onChange to the control itself.
 * Method values are identifiers, numbers and JSON: they read left to right in every language.
 */
function paramControl(t: TFunction, param: ParamDefinition) {
  switch (param.type) {
    case 'enum':
      return (
        <Select
          allowClear={!param.required}
          placeholder={t('demo.methods.choosePrompt')}
          options={(param.values ?? []).map((value) => ({ value, label: value }))}
          data-testid={`method-param-${param.name}`}
        />
      );
    case 'number':
      return (
        <InputNumber
          className="demo-number"
          dir="ltr"
          placeholder={t('demo.methods.valuePrompt')}
          data-testid={`method-param-${param.name}`}
        />
      );
    case 'boolean':
      return <Switch data-testid={`method-param-${param.name}`} />;
    case 'object':
      return (
        <Input.TextArea
          rows={3}
          dir="ltr"
          placeholder={t('demo.methods.jsonPrompt')}
          className="demo-code-input"
          data-testid={`method-param-${param.name}`}
        />
      );
    case 'string':
      return (
        <Input
          maxLength={param.max}
          dir="ltr"
          placeholder={t('demo.methods.valuePrompt')}
          data-testid={`method-param-${param.name}`}
        />
      );
  }
}

/**
 * The chosen method's description and its input-parameter form, built from the catalogue
 * (required fields checked, enums as choices), then the parameters of the user's own.
 */
export function MethodParams({ definition }: { definition: MethodDefinition }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="muted" data-testid="method-description">
        {catalogueText(t, definition.description)}{' '}
        {definition.role === 'supervisor' && <Tag color="purple">{t('demo.methods.supervisorOnly')}</Tag>}
      </p>
      <h3>{t('demo.methods.inputTitle')}</h3>
      {definition.params.length === 0 && <p className="muted">{t('demo.methods.noParams')}</p>}
      {definition.params.map((param) => (
        <Form.Item
          key={`${definition.name}.${param.name}`}
          name={['params', param.name]}
          label={
            <Space size={4}>
              <code>{param.name}</code>
              <ParamType param={param} />
              {param.required && <Tag color="red">{t('demo.column.required')}</Tag>}
            </Space>
          }
          extra={catalogueText(t, param.description)}
          rules={paramRules(t, param)}
          initialValue={param.type === 'boolean' ? param.default === true : undefined}
          valuePropName={param.type === 'boolean' ? 'checked' : 'value'}
        >
          {paramControl(t, param)}
        </Form.Item>
      ))}
      <ExtraParams />
    </>
  );
}
