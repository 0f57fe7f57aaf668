import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { catalogueText } from './catalogue-text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { methodByName, methods, type ParamDefinition } from '@open/protocol/softphone/catalogue';
import { useFeedback } from '../ui/feedback';
import { currentPhone, useDemo } from './demo-store';
import {
  buildMethodParams,
  extraTypes,
  readObject,
  readValue,
  type ExtraParam,
  type ValueProblem,
} from './method-params';
import { ParamType } from './ParamType';

interface MethodValues {
  method?: string;
  params?: Record<string, unknown>;
  extra?: ExtraParam[];
}

type Outcome =
  | { ok: true; method: string; data: unknown }
  | { ok: false; method: string; code: number | null; message: string; data: unknown };

const problemKey = {
  notNumber: 'demo.methods.notNumber',
  notBoolean: 'demo.methods.notBoolean',
  notJson: 'demo.methods.notJson',
  notObject: 'demo.methods.notObject',
} as const satisfies Record<ValueProblem, string>;

/**
 * Methods (spec §2): pick one, fill its input-parameter form (built from the catalogue: required
 * fields checked, enums as choices), add parameters of your own with a chosen type, execute it on
 * the running phone, and see its result or its coded error.
 */
export function MethodsSection() {
  const { t } = useTranslation();
  const { formInvalid } = useFeedback();
  const [form] = Form.useForm<MethodValues>();
  const demo = useDemo();
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const chosen = Form.useWatch('method', form);
  const definition = chosen ? methodByName.get(chosen) : undefined;

  const execute = async ({ method, params = {}, extra = [] }: MethodValues) => {
    const phone = currentPhone();
    if (!method || !definition) return;
    if (!phone) {
      setOutcome({ ok: false, method, code: null, message: t('demo.methods.noPhone'), data: null });
      return;
    }
    setRunning(true);
    try {
      const data = await phone.call(method, buildMethodParams(definition.params, params, extra));
      setOutcome({ ok: true, method, data });
    } catch (error) {
      const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
      setOutcome({
        ok: false,
        method,
        code: typeof code === 'number' ? code : null,
        message: typeof message === 'string' ? message : String(error),
        data: data ?? null,
      });
    } finally {
      setRunning(false);
    }
  };

  const rulesFor = (param: ParamDefinition): Rule[] => {
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
  };

  // Method values are identifiers, numbers and JSON: they read left to right in every language.
  const control = (param: ParamDefinition) => {
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
  };

  return (
    <section className="panel demo-section" aria-labelledby="demo-methods">
      <h2 id="demo-methods">{t('demo.methods.title')}</h2>
      <Form<MethodValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void execute(values)}
        onFinishFailed={formInvalid}
        onValuesChange={(changed: MethodValues) => {
          if ('method' in changed) {
            form.setFieldsValue({ params: {}, extra: [] });
            setOutcome(null);
          }
        }}
      >
        <Form.Item
          label={t('demo.methods.method')}
          name="method"
          rules={[{ required: true, message: t('demo.methods.methodPrompt') }]}
        >
          <Select
            showSearch
            placeholder={t('demo.methods.methodPrompt')}
            data-testid="method-select"
            options={methods.map((method) => ({ value: method.name, label: method.name }))}
          />
        </Form.Item>
        {definition && (
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
                rules={rulesFor(param)}
                initialValue={param.type === 'boolean' ? param.default === true : undefined}
                valuePropName={param.type === 'boolean' ? 'checked' : 'value'}
              >
                {control(param)}
              </Form.Item>
            ))}
            <ExtraParams />
          </>
        )}
        <Button type="primary" htmlType="submit" loading={running} data-testid="method-execute">
          {t('demo.methods.execute')}
        </Button>
        {demo.phase !== 'ready' && <span className="muted demo-inline-hint">{t('demo.methods.startFirst')}</span>}
      </Form>
      {outcome && (
        <Alert
          className="demo-alert"
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          data-testid="method-result"
          data-ok={outcome.ok}
          title={
            outcome.ok
              ? t('demo.methods.succeeded', { method: outcome.method })
              : outcome.code === null
                ? outcome.message
                : t('demo.methods.failed', { method: outcome.method, code: outcome.code, message: outcome.message })
          }
          description={
            outcome.data === null || outcome.data === undefined ? undefined : (
              <pre className="demo-json" dir="ltr">
                {JSON.stringify(outcome.data, null, 2)}
              </pre>
            )
          }
        />
      )}
    </section>
  );
}

/** Rows of parameters the catalogue does not list: a name, a type that must be chosen, a value. */
function ExtraParams() {
  const { t } = useTranslation();
  return (
    <Form.List name="extra">
      {(fields, { add, remove }) => (
        <div className="demo-extra-params">
          {fields.map((field) => (
            <Space key={field.key} align="start" wrap className="demo-extra-row">
              <Form.Item
                name={[field.name, 'name']}
                rules={[{ required: true, whitespace: true, message: t('demo.methods.namePrompt') }]}
              >
                <Input
                  placeholder={t('demo.methods.namePrompt')}
                  maxLength={64}
                  dir="ltr"
                  aria-label={t('demo.column.name')}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'type']}
                rules={[{ required: true, message: t('demo.methods.typePrompt') }]}
              >
                <Select
                  className="demo-type-select"
                  placeholder={t('demo.methods.typePrompt')}
                  aria-label={t('demo.column.type')}
                  data-testid="extra-type"
                  options={extraTypes.map((type) => ({ value: type, label: type }))}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'value']}
                dependencies={[['extra', field.name, 'type']]}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, value: unknown) => {
                      const type = getFieldValue(['extra', field.name, 'type']) as
                        (typeof extraTypes)[number] | undefined;
                      if (!type) return Promise.resolve();
                      const read = readValue(type, typeof value === 'string' ? value : '');
                      return 'problem' in read
                        ? Promise.reject(new Error(t(problemKey[read.problem])))
                        : Promise.resolve();
                    },
                  }),
                ]}
              >
                <Input placeholder={t('demo.methods.valuePrompt')} dir="ltr" aria-label={t('demo.column.value')} />
              </Form.Item>
              <Button
                type="text"
                icon={<MinusCircleOutlined />}
                aria-label={t('demo.methods.removeParam')}
                onClick={() => {
                  remove(field.name);
                }}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => {
              add();
            }}
            data-testid="extra-add"
          >
            {t('demo.methods.addParam')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
