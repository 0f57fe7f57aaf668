import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../ui/AntdProvider';
import { leavePage, newRun, useDiagnose } from './diagnose-store';
import { LoginTest } from './login/LoginTest';
import { NetworkTest } from './network/NetworkTest';
import { Comparison } from './shared/Comparison';
import { LogPanel } from './shared/LogPanel';
import { ResultFields } from './shared/ResultFields';
import { SocketTest } from './socket/SocketTest';
import './diagnose.css';

/**
 * The diagnostics page (spec §2, DESIGN §9): the socket, the login and the network of an agent's
 * link measured in one report that can be exported, imported and compared.
 */
export function Component() {
  const { t } = useTranslation();
  const label = useDiagnose((state) => state.report.label);
  const busy = useDiagnose((state) => state.busy.size > 0);
  // Leaving the page closes the test's socket, as closing the tab would.
  useEffect(() => leavePage, []);
  return (
    <AntdProvider>
      <div className="page diag-page">
        <div className="page-head diag-head">
          <div>
            <h1>{t('diagnose.title')}</h1>
            <p className="muted">{t('diagnose.intro')}</p>
          </div>
          <div className="diag-run">
            <span data-testid="run-label">{t('diagnose.runLabel', { label })}</span>
            <Button onClick={newRun} disabled={busy} data-testid="new-run">
              {t('diagnose.newRun')}
            </Button>
          </div>
        </div>
        <div className="diag-layout">
          <div className="diag-column">
            <LoginTest />
            <SocketTest />
            <ResultFields />
          </div>
          <div className="diag-column">
            <NetworkTest />
            <Comparison />
          </div>
        </div>
        <LogPanel />
      </div>
    </AntdProvider>
  );
}
