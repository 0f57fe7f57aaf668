import { Select, Switch, Table, Tag } from 'antd';
import { catalogueText } from './catalogue-text';
import { useTranslation } from 'react-i18next';
import { locales } from '@open/protocol/locales';
import { initParams, type ParamDefinition } from '@open/protocol/softphone/catalogue';
import { DIAL_PAD_PARAMS, type ConfigValue, type DemoConfig } from './demo-config';
import { ParamType } from './ParamType';

interface ParamsSectionProps {
  config: DemoConfig;
  onChange: (name: string, value: ConfigValue) => void;
  serverUrl: string;
}

/**
 * The init parameters of spec §3, straight from the catalogue: name, type, required, default and
 * description, and the value the demo will start the phone with. The dial-pad configuration
 * holds what the phone shows (the switches); the configuration parameters what it connects with.
 */
export function ParamsSection(props: ParamsSectionProps) {
  const { t } = useTranslation();
  return (
    <>
      <section className="panel demo-section" aria-labelledby="demo-dial-pad">
        <h2 id="demo-dial-pad">{t('demo.dialPad.title')}</h2>
        <p className="muted">{t('demo.dialPad.intro')}</p>
        <ParamsTable
          {...props}
          params={initParams.filter((p) => DIAL_PAD_PARAMS.has(p.name))}
          testId="dial-pad-params"
        />
      </section>
      <section className="panel demo-section" aria-labelledby="demo-params">
        <h2 id="demo-params">{t('demo.params.title')}</h2>
        <ParamsTable
          {...props}
          params={initParams.filter((p) => !DIAL_PAD_PARAMS.has(p.name))}
          testId="connection-params"
        />
      </section>
    </>
  );
}

function ParamsTable({
  params,
  config,
  onChange,
  serverUrl,
  testId,
}: ParamsSectionProps & { params: readonly ParamDefinition[]; testId: string }) {
  const { t } = useTranslation();

  const valueCell = (param: ParamDefinition) => {
    if (param.name === 'serverUrl') return <bdi dir="ltr">{serverUrl || '—'}</bdi>;
    if (param.name === 'token') return <span className="muted">{t('demo.params.tokenFromLogin')}</span>;
    const value = config[param.name];
    if (param.type === 'boolean') {
      return (
        <Switch
          checked={value === true}
          onChange={(checked) => {
            onChange(param.name, checked);
          }}
          aria-label={param.name}
          data-testid={`param-${param.name}`}
        />
      );
    }
    if (param.name === 'lang') {
      return (
        <Select
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => {
            onChange(param.name, next);
          }}
          className="demo-lang-select"
          aria-label={param.name}
          data-testid="param-lang"
          options={[
            { value: '', label: t('demo.params.tenantDefault') },
            ...locales.map((locale) => ({ value: locale.code, label: `${locale.nativeName} (${locale.code})` })),
          ]}
        />
      );
    }
    return null;
  };

  return (
    <Table<ParamDefinition>
      size="small"
      rowKey="name"
      pagination={false}
      dataSource={[...params]}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      columns={[
        { title: t('demo.column.name'), dataIndex: 'name', render: (name: string) => <code>{name}</code> },
        { title: t('demo.column.type'), dataIndex: 'type', render: (_, param) => <ParamType param={param} /> },
        {
          title: t('demo.column.required'),
          dataIndex: 'required',
          render: (required: boolean) =>
            required ? <Tag color="red">{t('demo.yes')}</Tag> : <Tag>{t('demo.no')}</Tag>,
        },
        {
          title: t('demo.column.default'),
          dataIndex: 'default',
          render: (value: unknown) => (value === undefined ? '—' : <code>{JSON.stringify(value)}</code>),
        },
        {
          title: t('demo.column.description'),
          dataIndex: 'description',
          render: (key: ParamDefinition['description']) => catalogueText(t, key),
        },
        { title: t('demo.column.value'), key: 'value', render: (_, param) => valueCell(param) },
      ]}
    />
  );
}
