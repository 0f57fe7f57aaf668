import { Input, Select, Switch, Table, Tag } from 'antd';
import { catalogueText } from './catalogue-text';
import { useTranslation } from 'react-i18next';
import { locales } from '@open/protocol/locales';
import { initParams, type ParamDefinition } from '@open/protocol/softphone/catalogue';
import { isWebAddress } from '@open/protocol/web-address';
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

/** Widths that fit the column beside the phone; the description takes what is left and wraps. */
const COLUMN_WIDTH = { type: 112, required: 96, default: 96 } as const;
/** Below this the table scrolls in its own box rather than squeezing the descriptions. */
const DESCRIPTION_MIN = 160;

function ParamsTable({
  params,
  config,
  onChange,
  serverUrl,
  testId,
}: ParamsSectionProps & { params: readonly ParamDefinition[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const pageLanguage = locales.find((locale) => locale.code === i18n.language);
  // The switches' names are long and a switch is narrow; the connection parameters the other way round.
  const switches = params.every((p) => p.type === 'boolean');
  const nameWidth = switches ? 136 : 112;
  const valueWidth = switches ? 80 : 184;
  const minWidth =
    nameWidth + valueWidth + COLUMN_WIDTH.type + COLUMN_WIDTH.required + COLUMN_WIDTH.default + DESCRIPTION_MIN;

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
          popupMatchSelectWidth={false}
          aria-label={param.name}
          data-testid="param-lang"
          options={[
            {
              value: '',
              label: t('demo.params.pageLanguage', { language: pageLanguage?.nativeName ?? i18n.language }),
            },
            ...locales.map((locale) => ({ value: locale.code, label: `${locale.nativeName} (${locale.code})` })),
          ]}
        />
      );
    }
    if (param.type === 'string') {
      return (
        <TextParam
          param={param}
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => {
            onChange(param.name, next);
          }}
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
      className="demo-params-table"
      tableLayout="fixed"
      scroll={{ x: minWidth }}
      data-testid={testId}
      columns={[
        {
          title: t('demo.column.name'),
          dataIndex: 'name',
          width: nameWidth,
          render: (name: string) => <code>{name}</code>,
        },
        // Second, beside the name: what the person sets stays in view when the table scrolls.
        { title: t('demo.column.value'), key: 'value', width: valueWidth, render: (_, param) => valueCell(param) },
        {
          title: t('demo.column.type'),
          dataIndex: 'type',
          width: COLUMN_WIDTH.type,
          render: (_, param) => <ParamType param={param} />,
        },
        {
          title: t('demo.column.required'),
          dataIndex: 'required',
          width: COLUMN_WIDTH.required,
          render: (required: boolean) =>
            required ? <Tag color="red">{t('demo.yes')}</Tag> : <Tag>{t('demo.no')}</Tag>,
        },
        {
          title: t('demo.column.default'),
          dataIndex: 'default',
          width: COLUMN_WIDTH.default,
          render: (value: unknown) => (value === undefined ? '—' : <code>{JSON.stringify(value)}</code>),
        },
        {
          title: t('demo.column.description'),
          dataIndex: 'description',
          render: (key: ParamDefinition['description']) => catalogueText(t, key),
        },
      ]}
    />
  );
}

/**
 * A text parameter (ringtoneUrl). An address the SDK would refuse is marked at once, with the
 * rule, rather than only when the phone is started.
 */
function TextParam({
  param,
  value,
  onChange,
}: {
  param: ParamDefinition;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const wrong = param.webAddress === true && value.trim() !== '' && !isWebAddress(value.trim());
  const ruleId = `param-${param.name}-rule`;
  return (
    <>
      <Input
        size="small"
        value={value}
        maxLength={param.max}
        placeholder="https://"
        status={wrong ? 'error' : undefined}
        aria-label={param.name}
        aria-invalid={wrong}
        aria-describedby={wrong ? ruleId : undefined}
        data-testid={`param-${param.name}`}
        dir="ltr"
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {wrong && (
        <div id={ruleId} className="demo-param-error" role="alert">
          {t('demo.params.webAddressRule')}
        </div>
      )}
    </>
  );
}
