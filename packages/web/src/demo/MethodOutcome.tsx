import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Outcome } from './use-method-call';

/** The last call's result, or its coded error, with the data that came back. */
export function MethodOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  return (
    <Alert
      className="demo-alert"
      type={outcome.ok ? 'success' : 'error'}
      showIcon
      data-testid="method-result"
      data-ok={outcome.ok}
      title={
        outcome.ok
          ? t('demo.methods.succeeded', { method: outcome.method })
          : outcome.code === null
            ? outcome.message
            : t('demo.methods.failed', { method: outcome.method, code: outcome.code, message: outcome.message })
      }
      description={
        outcome.data === null || outcome.data === undefined ? undefined : (
          <pre className="demo-json" dir="ltr">
            {JSON.stringify(outcome.data, null, 2)}
          </pre>
        )
      }
    />
  );
}
