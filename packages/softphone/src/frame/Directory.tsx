import { useEffect, useState } from 'react';
import type { Act, T } from './phone-ui.js';

interface Colleague {
  agent_id: string;
  name: string;
  extension: string | null;
  status: 'offline' | 'idle' | 'busy' | 'acw';
  in_call: boolean;
}

/** Colleagues with their live states, to call by extension. */
export function Directory({ disabled, act, t }: { disabled: boolean; act: Act; t: T }) {
  const [rows, setRows] = useState<Colleague[] | null>(null);
  useEffect(() => {
    const load = () =>
      void act('getColleagues').then((data) => {
        setRows((data as { list?: Colleague[] } | undefined)?.list ?? []);
      });
    load();
    // Live states: refreshed while the page is open.
    const timer = setInterval(load, 5000);
    return () => {
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one refresh loop while the page is open
  }, []);
  if (rows === null) return <p className="phone-note">{t('softphone.ui.loading')}</p>;
  if (rows.length === 0) return <p className="phone-note">{t('softphone.ui.directory.empty')}</p>;
  return (
    <ul className="phone-list">
      {rows.map((row) => (
        <li key={row.agent_id}>
          <span>
            {row.name}{' '}
            <span className="muted" dir="ltr">
              {row.extension}
            </span>
          </span>
          <span className={`phone-status status-${row.status}`}>
            {t(`softphone.ui.agentStatus.${row.status}`)}
            {row.in_call ? ` · ${t('softphone.ui.callStatus.talking')}` : ''}
          </span>
          {row.extension && (
            <button
              type="button"
              disabled={disabled || row.status === 'offline' || row.in_call}
              onClick={() => void act('dialOut', { number: row.extension })}
            >
              {t('softphone.ui.directory.call', { name: row.name })}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
