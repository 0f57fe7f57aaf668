import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { LoginStep } from '../report/diag-report';

/** The columns of the login steps: step, result, duration and the failure's message. */
export function loginStepColumns(t: TFunction) {
  return [
    {
      title: t('diagnose.login.step'),
      dataIndex: 'name',
      render: (name: LoginStep['name']) => t(`diagnose.login.step.${name}`),
    },
    {
      title: t('diagnose.login.result'),
      dataIndex: 'ok',
      render: (ok: boolean) => (
        <Tag color={ok ? 'green' : 'red'}>{t(ok ? 'diagnose.login.ok' : 'diagnose.login.failed')}</Tag>
      ),
    },
    {
      title: t('diagnose.login.duration'),
      dataIndex: 'ms',
      render: (ms: number | null) => (ms === null ? '' : t('diagnose.ms', { value: ms })),
    },
    {
      title: t('diagnose.login.message'),
      key: 'message',
      className: 'diag-wrap',
      render: (_: unknown, step: LoginStep) =>
        step.message === null
          ? ''
          : `${step.code === null ? '' : `${String(step.code)}: `}${
              step.name === 'socketAuth' ? t(`error.${step.message}`, { defaultValue: step.message }) : step.message
            }`,
    },
  ];
}
