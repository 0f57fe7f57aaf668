import { useEffect, useState } from 'react';
import type { WrapUp } from '@open/protocol/cti/protocol';
import type { PhoneKey } from '../i18n.js';
import type { CallEndReason, CallView } from '../state/phone-store.js';
import type { Act, T } from './phone-ui.js';

interface RecordRow {
  call_id: string;
  call_type: CallView['call_type'];
  caller: string;
  callee: string;
  ended_at: string;
  outcome: string;
  /** Why a call nobody hung up ended; absent from a server before it was recorded. */
  end_reason?: CallEndReason | null;
  duration_seconds: number;
  /** The agent's wrap-up; absent from a server before wrap-up codes. */
  wrap_up?: WrapUp | null;
}

/** The agent's recent calls, from the call records. */
export function Records({ act, t }: { act: Act; t: T }) {
  const [rows, setRows] = useState<RecordRow[] | null>(null);
  useEffect(() => {
    void act('getCallRecords', { limit: 20 }).then((data) => {
      setRows((data as { list?: RecordRow[] } | undefined)?.list ?? []);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once, when the page opens
  }, []);
  if (rows === null) return <p className="phone-note">{t('softphone.ui.loading')}</p>;
  if (rows.length === 0) return <p className="phone-note">{t('softphone.ui.records.empty')}</p>;
  return (
    <ul className="phone-list">
      {rows.map((row) => (
        <li key={`${row.call_id}-${row.ended_at}`}>
          <span dir="ltr">{row.call_type === 'inbound' ? row.caller : row.callee}</span>
          <span className="muted">
            {row.end_reason
              ? t(`softphone.ui.endReason.${row.end_reason}`)
              : t(`softphone.ui.outcome.${row.outcome}` as PhoneKey)}{' '}
            · {t('softphone.ui.records.duration', { seconds: row.duration_seconds })}
          </span>
          <time className="muted" dateTime={row.ended_at}>
            {new Date(row.ended_at).toLocaleString(document.documentElement.lang)}
          </time>
          {row.wrap_up && (
            <span className="phone-record-wrap-up" dir="auto" title={row.wrap_up.note ?? undefined}>
              {t('softphone.ui.records.wrapUp', { name: row.wrap_up.name })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
