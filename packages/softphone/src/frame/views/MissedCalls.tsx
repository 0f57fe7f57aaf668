import { useId } from 'react';
import type { PhoneState, PhoneStore } from '../state/phone-store.js';
import type { T } from './phone-ui.js';

/** Calls that rang here unanswered: on the recent calls page, or (mini phone) the unseen ones. */
export function MissedCalls({
  state,
  onlyUnseen,
  update,
  t,
}: {
  state: PhoneState;
  onlyUnseen: boolean;
  update: PhoneStore['set'];
  t: T;
}) {
  const rows = onlyUnseen ? state.missed.filter((m) => !m.seen) : state.missed;
  const headingId = useId();
  if (rows.length === 0) return null;
  return (
    <section className="phone-missed" aria-labelledby={headingId} data-testid="missed-calls">
      <h3 id={headingId}>{t('softphone.ui.missed.title', { total: rows.length })}</h3>
      <ul>
        {rows.map((row) => (
          <li key={row.call_id}>
            <span dir="ltr">{row.caller}</span>
            <span className="muted">{t(`softphone.ui.missed.${row.reason}`)}</span>
            <time className="muted" dateTime={new Date(row.at).toISOString()}>
              {new Date(row.at).toLocaleTimeString(document.documentElement.lang, { timeStyle: 'short' })}
            </time>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="link"
        onClick={() => {
          // On the mini phone the lines are only put away; the recent calls page clears them.
          update(
            onlyUnseen ? (current) => ({ missed: current.missed.map((m) => ({ ...m, seen: true })) }) : { missed: [] },
          );
        }}
      >
        {t(onlyUnseen ? 'softphone.ui.dismiss' : 'softphone.ui.missed.clear')}
      </button>
    </section>
  );
}
