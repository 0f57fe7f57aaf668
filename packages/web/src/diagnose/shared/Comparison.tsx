import { Select, Switch, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../ui/format';
import { IMPORTED_KEY, otherReports, setCompare, useDiagnose } from '../diagnose-store';
import { compareReports, type MetricDiff } from '../report/compare';
import type { DiagReport } from '../report/diag-report';

const shown = (value: number | null) =>
  value === null ? '—' : Number.isInteger(value) ? String(value) : value.toFixed(2);

/**
 * 'Turn on comparison' (spec §2): this run beside another (an earlier run of this session, or
 * an imported report), each measure marked better or worse.
 */
export function Comparison() {
  const { t, i18n } = useTranslation();
  const report = useDiagnose((state) => state.report);
  const runs = useDiagnose((state) => state.runs);
  const imported = useDiagnose((state) => state.imported);
  const { on, otherId } = useDiagnose((state) => state.compare);
  const others = otherReports({ runs, imported });
  const other = others.find((entry) => entry.key === otherId) ?? others[0];
  const labelOf = ({ key, report }: { key: string; report: DiagReport }) =>
    key === IMPORTED_KEY
      ? t('diagnose.importedLabel', { label: report.label, time: formatTime(report.startedAt, i18n.language) })
      : t('diagnose.runLabel', { label: report.label });

  const mark = (diff: MetricDiff, side: 'a' | 'b') => {
    if (diff.better === null) return null;
    if (diff.better === 'same') return <Tag>{t('diagnose.compare.same')}</Tag>;
    return diff.better === side ? (
      <Tag color="green">{t('diagnose.compare.better')}</Tag>
    ) : (
      <Tag color="red">{t('diagnose.compare.worse')}</Tag>
    );
  };

  return (
    <section className="diag-card" aria-labelledby="diag-compare">
      <h2 id="diag-compare">{t('diagnose.compare.title')}</h2>
      <label className="diag-switch">
        <Switch
          checked={on}
          onChange={(checked) => {
            setCompare({ on: checked, otherId: other?.key ?? null });
          }}
          data-testid="compare-toggle"
        />
        <span>{t('diagnose.compare.toggle')}</span>
      </label>
      {on &&
        (other ? (
          <>
            <label className="diag-with">
              <span>{t('diagnose.compare.with')}</span>
              <Select
                value={other.key}
                onChange={(id: string) => {
                  setCompare({ on: true, otherId: id });
                }}
                popupMatchSelectWidth={false}
                data-testid="compare-with"
                options={others.map((entry) => ({ value: entry.key, label: labelOf(entry) }))}
              />
            </label>
            <Table<MetricDiff>
              className="diag-table"
              size="small"
              pagination={false}
              rowKey="key"
              data-testid="compare-table"
              scroll={{ x: 'max-content' }}
              dataSource={compareReports(report, other.report)}
              columns={[
                {
                  title: t('diagnose.compare.metric'),
                  dataIndex: 'key',
                  render: (key: MetricDiff['key']) => t(`diagnose.metric.${key}`),
                },
                {
                  title: t('diagnose.compare.thisRun', { label: report.label }),
                  key: 'a',
                  render: (_: unknown, diff) => (
                    <span>
                      {shown(diff.a)} {mark(diff, 'a')}
                    </span>
                  ),
                },
                {
                  title: labelOf(other),
                  key: 'b',
                  render: (_: unknown, diff) => (
                    <span>
                      {shown(diff.b)} {mark(diff, 'b')}
                    </span>
                  ),
                },
              ]}
            />
          </>
        ) : (
          <p className="muted">{t('diagnose.compare.none')}</p>
        ))}
    </section>
  );
}
