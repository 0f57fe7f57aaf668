import { Button, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentStatus } from '@open/protocol/cti/protocol';
import { currentPhone, useDemo } from './demo-store';

interface Colleague {
  agent_id: string;
  name: string;
  extension: string | null;
  role: 'agent' | 'supervisor';
  status: AgentStatus;
  in_call: boolean;
  call: {
    call_id: string;
    call_type: 'inbound' | 'outbound' | 'internal';
    call_status: 'ringing' | 'talking' | 'held' | 'ended';
    caller: string;
    callee: string;
    answered_at: string | null;
  } | null;
}

/** How often the panel asks again; events of the signed-in agent also refresh it at once. */
const REFRESH_MS = 2_000;
/** What a supervisor can do with a colleague's call, and the button's words. */
const supervisorActions = [
  ['monitor', 'demo.live.monitor'],
  ['insert', 'demo.live.insert'],
  ['stopMonitor', 'demo.live.leave'],
] as const;
const statusColor: Record<AgentStatus, string> = {
  offline: 'default',
  idle: 'success',
  busy: 'warning',
  acw: 'processing',
};

/**
 * The supervisor's live panel (issue item 3): the tenant's other agents with their state and the
 * call each is on, from `getColleagues` on the running phone. Supervisors can listen in, join and
 * leave from here.
 */
export function LivePanel() {
  const { t } = useTranslation();
  const demo = useDemo();
  const [colleagues, setColleagues] = useState<Colleague[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const latestEvent = demo.events[0]?.id;
  const supervisor = demo.agent?.role === 'supervisor';

  const refresh = useCallback(async () => {
    const phone = currentPhone();
    if (!phone) return;
    try {
      const answer = (await phone.call('getColleagues')) as { list: Colleague[] };
      setColleagues(answer.list);
      setFailure(null);
    } catch (error) {
      setFailure((error as { message?: string }).message ?? String(error));
    }
  }, []);

  useEffect(() => {
    // At once (on the next tick, out of the render) and then every REFRESH_MS.
    const first = setTimeout(() => void refresh(), 0);
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [refresh, latestEvent]);

  const act = (method: 'monitor' | 'insert' | 'stopMonitor', agentId: string) => {
    currentPhone()
      ?.call(method, { agent_id: agentId })
      .then(
        () => void refresh(),
        (error: unknown) => {
          setFailure((error as { message?: string }).message ?? String(error));
        },
      );
  };

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
        columns={[
          {
            title: t('demo.column.agent'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <Space size={4}>
                {name}
                {row.extension && (
                  <bdi dir="ltr" className="muted">
                    {row.extension}
                  </bdi>
                )}
                {row.role === 'supervisor' && <Tag color="purple">{t('demo.live.supervisor')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('demo.column.status'),
            dataIndex: 'status',
            render: (status: AgentStatus) => (
              <Tag color={statusColor[status]} data-status={status}>
                {t(`softphone.ui.agentStatus.${status}`)}
              </Tag>
            ),
          },
          {
            title: t('demo.column.call'),
            key: 'call',
            render: (_, row) =>
              row.call ? (
                <span data-call-status={row.call.call_status}>
                  {t(`softphone.ui.callType.${row.call.call_type}`)} ·{' '}
                  {t(`softphone.ui.callStatus.${row.call.call_status}`)}{' '}
                  <bdi dir="ltr">
                    {row.call.caller} → {row.call.callee}
                  </bdi>
                </span>
              ) : (
                <span className="muted">—</span>
              ),
          },
          ...(supervisor
            ? [
                {
                  title: t('demo.column.actions'),
                  key: 'actions',
                  render: (_: unknown, row: Colleague) =>
                    row.call ? (
                      <Space size={0}>
                        {supervisorActions.map(([method, label]) => (
                          <Button
                            key={method}
                            type="link"
                            size="small"
                            onClick={() => {
                              act(method, row.agent_id);
                            }}
                          >
                            {t(label)}
                          </Button>
                        ))}
                      </Space>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}
