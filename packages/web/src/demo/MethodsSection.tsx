import { Button, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { methodByName, methods } from '@open/protocol/softphone/catalogue';
import { useFeedback } from '../ui/feedback';
import { useDemo } from './demo-store';
import { MethodOutcome } from './MethodOutcome';
import { MethodParams } from './MethodParams';
import { useMethodCall, type MethodValues } from './use-method-call';

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
  const { running, outcome, setOutcome, execute } = useMethodCall(t);
  const chosen = Form.useWatch('method', form);
  const definition = chosen ? methodByName.get(chosen) : undefined;

  return (
    <section className="panel demo-section" aria-labelledby="demo-methods">
      <h2 id="demo-methods">{t('demo.methods.title')}</h2>
      <Form<MethodValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void execute(definition, values)}
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
        {definition && <MethodParams definition={definition} />}
        <Button type="primary" htmlType="submit" loading={running} data-testid="method-execute">
          {t('demo.methods.execute')}
        </Button>
        {demo.phase !== 'ready' && <span className="muted demo-inline-hint">{t('demo.methods.startFirst')}</span>}
      </Form>
      {outcome && <MethodOutcome outcome={outcome} />}
    </section>
  );
}
