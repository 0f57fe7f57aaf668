import { Table, Tag } from 'antd';
import { catalogueText } from './catalogue-text';
import { useTranslation } from 'react-i18next';
import { initParams, type ParamDefinition } from '@open/protocol/softphone/catalogue';
import { DIAL_PAD_PARAMS, type ConfigValue, type DemoConfig } from './demo-config';
import { ParamType } from './ParamType';
import { ParamValue } from './ParamValue';

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
  const { t } = useTranslation();
  // The switches' names are long and a switch is narrow; the connection parameters the other way round.
  const switches = params.every((p) => p.type === 'boolean');
  const nameWidth = switches ? 136 : 112;
  const valueWidth = switches ? 80 : 184;
  const minWidth =
    nameWidth + valueWidth + COLUMN_WIDTH.type + COLUMN_WIDTH.required + COLUMN_WIDTH.default + DESCRIPTION_MIN;

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
        {
          title: t('demo.column.value'),
          key: 'value',
          width: valueWidth,
          render: (_, param) => <ParamValue param={param} config={config} onChange={onChange} serverUrl={serverUrl} />,
        },
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
