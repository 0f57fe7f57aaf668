import { Button, Form, Input, Popconfirm, Radio, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../ui/feedback';
import { MAX_URL, serverUrlRule } from './server-url-rule';
import { editServerUrl, removeServerUrl, selectServerUrl, type ServerUrlList } from './server-urls';

interface RowProps {
  url: string;
  list: ServerUrlList;
  onChange: (next: ServerUrlList) => void;
  /** The one edit form of the list: a row being edited shows it, a row shown fills it. */
  editForm: FormInstance<{ url: string }>;
  setEditing: (url: string | null) => void;
}

/** A serverUrl being edited: its field, save and cancel. */
export function ServerUrlEditRow({ url, list, onChange, editForm, setEditing }: RowProps) {
  const { t } = useTranslation();
  const { formInvalid } = useFeedback();
  return (
    <Form
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
      <Form.Item name="url" rules={[serverUrlRule(t, list, url)]} className="demo-url-input">
        <Input maxLength={MAX_URL} dir="ltr" aria-label={t('demo.serverUrl.label')} data-testid="server-url-edit" />
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
  );
}

/** A serverUrl shown: select it (confirmed), edit it, delete it (confirmed). */
export function ServerUrlRow({ url, list, onChange, editForm, setEditing }: RowProps) {
  const { t } = useTranslation();
  return (
    <div className="demo-url-row" data-testid="server-url-row">
      <Popconfirm
        title={t('shell.common.confirmSwitch')}
        okText={t('shell.common.ok')}
        cancelText={t('shell.common.cancel')}
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
          okText={t('shell.common.ok')}
          cancelText={t('shell.common.cancel')}
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
  );
}
