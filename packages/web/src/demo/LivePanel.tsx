import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDemo } from './demo-store';
import { liveColumns } from './live-columns';
import { useColleagues, type Colleague } from './use-colleagues';

/**
 * The supervisor's live panel (issue item 3): the tenant's other agents with their state and the
 * call each is on, from `getColleagues` on the running phone. Supervisors can listen in, join and
 * leave from here.
 */
export function LivePanel() {
  const { t } = useTranslation();
  const demo = useDemo();
  const latestEvent = demo.events[0]?.id;
  const supervisor = demo.agent?.role === 'supervisor';
  const { colleagues, failure, act } = useColleagues(latestEvent);

  return (
    <section className="panel demo-section" aria-labelledby="demo-live">
      <h2 id="demo-live">{t('demo.live.title')}</h2>
      <p className="muted">{supervisor ? t('demo.live.introSupervisor') : t('demo.live.introAgent')}</p>
      {failure && <p className="error-text">{failure}</p>}
      <Table<Colleague>
        size="small"
        rowKey="agent_id"
        pagination={false}
        dataSource={colleagues}
        data-testid="live-panel"
        scroll={{ x: 'max-content' }}
        columns={liveColumns(t, supervisor, act)}
      />
    </section>
  );
}
