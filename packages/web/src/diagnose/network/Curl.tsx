import { Button, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isWebAddress } from '@open/protocol/web-address';
import { curlTargets, runCurlTest, setExtraTargets, useDiagnose } from '../diagnose-store';
import type { CurlResult } from '../report/diag-report';
import { CURL_TABLE_WIDTH, curlColumns, curlTargetName } from './curl-columns';

/** The curl test of spec §2: each target requested, timed, its phases where the browser tells them. */
export function Curl() {
  const { t, i18n } = useTranslation();
  const curl = useDiagnose((state) => state.report.curl);
  const busy = useDiagnose((state) => state.busy);
  const extraTargets = useDiagnose((state) => state.extraTargets);

  return (
    <div className="diag-part">
      <h3>{t('diagnose.curl.title')}</h3>
      <p className="muted">{t('diagnose.curl.help')}</p>
      <CurlTargets extraTargets={extraTargets} />
      <div>
        <Button onClick={() => void runCurlTest()} loading={busy.has('curl')} data-testid="curl-run">
          {t('diagnose.curl.run')}
        </Button>
      </div>
      {curl.length > 0 && (
        <Table<CurlResult>
          className="diag-table"
          size="small"
          pagination={false}
          rowKey={(row) => `${row.target}@${row.requestTime}`}
          dataSource={curl}
          data-testid="curl-table"
          // Fixed widths that add up to more than a half-width card: the table scrolls inside
          // its card instead of squeezing the phases or pushing the page wider than the screen.
          scroll={{ x: CURL_TABLE_WIDTH }}
          columns={curlColumns(t, i18n.language)}
        />
      )}
    </div>
  );
}

/** The targets to request: ours, and the addresses the person added (removable), with a field to add one. */
function CurlTargets({ extraTargets }: { extraTargets: readonly string[] }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const targets = curlTargets(extraTargets);

  const add = () => {
    const url = adding.trim();
    if (!isWebAddress(url)) {
      setProblem(t('diagnose.curl.addInvalid'));
      return;
    }
    if (targets.some((target) => target.url === url)) {
      setProblem(t('diagnose.curl.addDuplicate'));
      return;
    }
    setExtraTargets([...extraTargets, url]);
    setAdding('');
    setProblem(null);
  };

  return (
    <>
      <ul className="diag-targets">
        {targets.map((target) => (
          <li key={target.url}>
            <span>{curlTargetName(t, target.url)}</span>
            {extraTargets.includes(target.url) && (
              <Button
                size="small"
                type="link"
                onClick={() => {
                  setExtraTargets(extraTargets.filter((url) => url !== target.url));
                }}
              >
                {t('diagnose.curl.remove', { url: target.url })}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Space.Compact className="diag-add">
        <Input
          value={adding}
          onChange={(event) => {
            setAdding(event.target.value);
          }}
          onPressEnter={add}
          placeholder={t('diagnose.curl.addPlaceholder')}
          aria-label={t('diagnose.curl.target')}
          status={problem ? 'error' : ''}
          maxLength={2000}
        />
        <Button onClick={add}>{t('diagnose.curl.add')}</Button>
      </Space.Compact>
      {problem && (
        <p className="diag-problem" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
