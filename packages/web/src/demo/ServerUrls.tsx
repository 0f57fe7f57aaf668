import { Button, Form, Input, Popconfirm, Radio, Space } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../ui/feedback';
import {
  addServerUrl,
  checkServerUrl,
  editServerUrl,
  removeServerUrl,
  selectServerUrl,
  type ServerUrlList,
  type ServerUrlProblem,
} from './server-urls';

const MAX_URL = 2048;

const problemKey = {
  empty: 'demo.serverUrl.empty',
  duplicate: 'demo.serverUrl.duplicate',
  invalid: 'demo.serverUrl.invalid',
} as const satisfies Record<ServerUrlProblem, string>;

/**
 * The serverUrl list of spec §2: add, edit, select (confirmed: it restarts the phone) and delete
 * (confirmed). The rules of spec §5 are the form's own validation, so their messages show on the
 * field, and a submit with errors says 'Form field validation failed!'.
 */
export function ServerUrls({ list, onChange }: { list: ServerUrlList; onChange: (next: ServerUrlList) => void }) {
  const { t } = useTranslation();
  const { formInvalid } = useFeedback();
  const [addForm] = Form.useForm<{ url: string }>();
  const [editForm] = Form.useForm<{ url: string }>();
  const [editing, setEditing] = useState<string | null>(null);

  const rule = (previous?: string): RuleObject => ({
    validator: (_, value: unknown) => {
      const problem = checkServerUrl(list, typeof value === 'string' ? value : '', previous);
      return problem ? Promise.reject(new Error(t(problemKey[problem]))) : Promise.resolve();
    },
  });

  return (
    <div className="demo-server-urls">
      <Radio.Group value={list.selected} className="demo-url-list" aria-label={t('demo.serverUrl.list')}>
        {list.urls.map((url) =>
          editing === url ? (
            <Form
              key={url}
              form={editForm}
              layout="inline"
              initialValues={{ url }}
              onFinish={({ url: next }) => {
                onChange(editServerUrl(list, url, next));
                setEditing(null);
              }}
              onFinishFailed={formInvalid}
              className="demo-url-row"
            >
              <Form.Item name="url" rules={[rule(url)]} className="demo-url-input">
                <Input
                  maxLength={MAX_URL}
                  dir="ltr"
                  aria-label={t('demo.serverUrl.label')}
                  data-testid="server-url-edit"
                />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" data-testid="server-url-save">
                  {t('demo.action.save')}
                </Button>
                <Button
                  onClick={() => {
                    setEditing(null);
                  }}
                >
                  {t('demo.action.cancel')}
                </Button>
              </Space>
            </Form>
          ) : (
            <div key={url} className="demo-url-row" data-testid="server-url-row">
              <Popconfirm
                title={t('shell.common.confirmSwitch')}
                disabled={url === list.selected}
                onConfirm={() => {
                  onChange(selectServerUrl(list, url));
                }}
              >
                <Radio value={url} className="demo-url-radio">
                  <bdi dir="ltr">{url}</bdi>
                </Radio>
              </Popconfirm>
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    editForm.setFieldsValue({ url });
                    setEditing(url);
                  }}
                  aria-label={t('demo.serverUrl.editNamed', { url })}
                >
                  {t('demo.action.edit')}
                </Button>
                <Popconfirm
                  title={t('shell.common.confirmDelete')}
                  onConfirm={() => {
                    onChange(removeServerUrl(list, url));
                  }}
                >
                  <Button type="link" size="small" danger aria-label={t('demo.serverUrl.deleteNamed', { url })}>
                    {t('demo.action.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            </div>
          ),
        )}
      </Radio.Group>
      {list.urls.length === 0 && <p className="muted">{t('demo.serverUrl.none')}</p>}
      <Form
        form={addForm}
        layout="inline"
        onFinish={({ url }) => {
          onChange(addServerUrl(list, url));
          addForm.resetFields();
        }}
        onFinishFailed={formInvalid}
        className="demo-url-add"
      >
        <Form.Item name="url" rules={[rule()]} className="demo-url-input" validateTrigger="onSubmit">
          <Input
            maxLength={MAX_URL}
            dir="ltr"
            placeholder={t('demo.serverUrl.placeholder')}
            aria-label={t('demo.serverUrl.label')}
            data-testid="server-url-input"
          />
        </Form.Item>
        <Button htmlType="submit" data-testid="server-url-add">
          {t('demo.serverUrl.add')}
        </Button>
      </Form>
    </div>
  );
}
