import { Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../ui/feedback';
import { MAX_URL, serverUrlRule } from './server-url-rule';
import { ServerUrlEditRow, ServerUrlRow } from './ServerUrlRow';
import { addServerUrl, type ServerUrlList } from './server-urls';

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

  return (
    <div className="demo-server-urls">
      <Radio.Group value={list.selected} className="demo-url-list" aria-label={t('demo.serverUrl.list')}>
        {list.urls.map((url) => {
          const row = { url, list, onChange, editForm, setEditing };
          return editing === url ? <ServerUrlEditRow key={url} {...row} /> : <ServerUrlRow key={url} {...row} />;
        })}
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
        <Form.Item name="url" rules={[serverUrlRule(t, list)]} className="demo-url-input" validateTrigger="onSubmit">
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
