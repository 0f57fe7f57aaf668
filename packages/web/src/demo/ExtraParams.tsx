import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { extraTypes, readValue } from './method-params';
import { problemKey } from './method-problems';

/** Rows of parameters the catalogue does not list: a name, a type that must be chosen, a value. */
export function ExtraParams() {
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
