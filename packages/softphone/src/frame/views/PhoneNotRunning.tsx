import type { PhoneState } from '../state/phone-store.js';
import type { T } from './phone-ui.js';

/** The phone before it runs or once it has stopped: loading, a failed login, taken over, the session lost, or the agent disabled. */
export function PhoneNotRunning({
  state,
  t,
  errorText,
  takeOver,
}: {
  state: PhoneState;
  t: T;
  errorText: (name: string) => string;
  /** Takes the agent back from the tab that took them over. */
  takeOver: () => Promise<void>;
}) {
  if (state.phase === 'loading') return <p className="phone-note">{t('softphone.ui.loading')}</p>;
  if (state.phase === 'failed')
    return (
      <p className="phone-note phone-error" role="alert">
        {/* The catalogued messages of a failed login already say what failed (spec §8). */}
        {errorText(state.failure ?? 'internal')}
      </p>
    );
  if (state.phase === 'replaced')
    return (
      <div className="phone-note" data-testid="replaced">
        <p>{t('softphone.ui.replaced')}</p>
        <button type="button" className="good" onClick={() => void takeOver()}>
          {t('softphone.ui.takeOver')}
        </button>
        {state.failure === 'connectionDown' && (
          <p className="phone-error" role="alert">
            {errorText('connectionDown')}
          </p>
        )}
      </div>
    );
  if (state.phase === 'sessionLost') return <p className="phone-note">{t('softphone.ui.sessionLost')}</p>;
  if (state.phase === 'serverRestarted')
    return (
      <p className="phone-note" data-testid="server-restarted">
        {t('softphone.ui.serverRestarted')}
      </p>
    );
  if (state.phase === 'disabled')
    return (
      <p className="phone-note phone-error" role="alert">
        {t('softphone.ui.disabled')}
      </p>
    );
  return null;
}
