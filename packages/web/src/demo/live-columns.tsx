import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { AgentStatus } from '@open/protocol/cti/protocol';
import type { Colleague, SupervisorMethod } from './use-colleagues';

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

/** The live panel's columns: agent, status, call, and for a supervisor what they can do with it. */
export function liveColumns(
  t: TFunction,
  supervisor: boolean,
  act: (method: SupervisorMethod, agentId: string) => void,
): ColumnsType<Colleague> {
  return [
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
            {t(`softphone.ui.callType.${row.call.call_type}`)} · {t(`softphone.ui.callStatus.${row.call.call_status}`)}{' '}
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
  ];
}
