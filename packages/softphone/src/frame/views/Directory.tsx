import { useEffect, useState } from 'react';
import type { Act, T } from './phone-ui.js';

interface Colleague {
  agent_id: string;
  name: string;
  extension: string | null;
  status: 'offline' | 'idle' | 'busy' | 'acw';
  in_call: boolean;
}

/** How often the colleagues' live states are fetched again while they are on screen. */
const REFRESH_MS = 5000;

/** Colleagues with their live states, refreshed while the component that asks is shown. */
function useColleagues(act: Act): Colleague[] | null {
  const [rows, setRows] = useState<Colleague[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void act('getColleagues').then((data) => {
        if (live) setRows((data as { list?: Colleague[] } | undefined)?.list ?? []);
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one refresh loop while shown
  }, []);
  return rows;
}

/** A colleague can take a call now: signed in and not on one (the engine refuses the others). */
const reachable = (row: Colleague) => row.extension !== null && row.status !== 'offline' && !row.in_call;

function Presence({ row, t }: { row: Colleague; t: T }) {
  return (
    <span className={`phone-status status-${row.status}`}>
      {t(`softphone.ui.agentStatus.${row.status}`)}
      {row.in_call ? ` · ${t('softphone.ui.callStatus.talking')}` : ''}
    </span>
  );
}

/** Colleagues with their live states, to call by extension. */
export function Directory({ disabled, act, t }: { disabled: boolean; act: Act; t: T }) {
  const rows = useColleagues(act);
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
          <Presence row={row} t={t} />
          {row.extension && (
            <button
              type="button"
              disabled={disabled || !reachable(row)}
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

/**
 * The colleagues a call may be passed to, in the transfer form: choosing one fills in their
 * extension. Those who cannot take a call now are listed but cannot be chosen, so the agent sees
 * why a colleague is not offered.
 */
export function ColleaguePicker({
  chosen,
  onChoose,
  act,
  t,
}: {
  chosen: string;
  onChoose: (extension: string) => void;
  act: Act;
  t: T;
}) {
  const rows = useColleagues(act);
  const listed = rows?.filter((row) => row.extension !== null) ?? [];
  if (rows === null) return <p className="muted">{t('softphone.ui.loading')}</p>;
  if (listed.length === 0) return <p className="muted">{t('softphone.ui.directory.empty')}</p>;
  return (
    <ul className="transfer-colleagues" aria-label={t('softphone.ui.transferPick')}>
      {listed.map((row) => (
        <li key={row.agent_id}>
          <button
            type="button"
            className={row.extension === chosen ? 'chosen' : undefined}
            aria-pressed={row.extension === chosen}
            disabled={!reachable(row)}
            onClick={() => {
              if (row.extension) onChoose(row.extension);
            }}
          >
            <span>{row.name}</span>{' '}
            <span className="muted" dir="ltr">
              {row.extension}
            </span>
          </button>
          <Presence row={row} t={t} />
        </li>
      ))}
    </ul>
  );
}
