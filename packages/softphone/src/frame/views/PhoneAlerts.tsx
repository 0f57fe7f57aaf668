import type { PhoneState, PhoneStore } from '../state/phone-store.js';
import type { T } from './phone-ui.js';

/** What the phone must tell the agent above the call: a refused method, a call that lost its audio, a blocked ring, devices gone. */
export function PhoneAlerts({
  state,
  error,
  onDismissError,
  update,
  t,
}: {
  state: PhoneState;
  /** The last method's refusal (use-act.ts). */
  error: string | null;
  onDismissError: () => void;
  update: PhoneStore['set'];
  t: T;
}) {
  return (
    <>
      {error && (
        <p className="phone-error" role="alert">
          {error}{' '}
          <button type="button" className="link" onClick={onDismissError}>
            {t('softphone.ui.dismiss')}
          </button>
        </p>
      )}
      {state.endedNotice && (
        <p className="phone-note phone-warning" role="alert" data-testid="call-ended-notice">
          {t(`softphone.ui.callEnded.${state.endedNotice.reason}`)}{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              update({ endedNotice: null });
            }}
          >
            {t('softphone.ui.dismiss')}
          </button>
        </p>
      )}
      {state.ringBlocked && (
        <p className="phone-note phone-ring-blocked" role="status" data-testid="ring-blocked">
          {t('softphone.ui.ringBlocked')}
        </p>
      )}
      {/* Always in the page: a live region must exist before what it announces. */}
      <div role="status" className={state.devicesLost.length > 0 ? 'phone-note phone-warning' : undefined}>
        {state.devicesLost.length > 0 && (
          <p data-testid="devices-lost">
            {state.devicesLost.map((kind) => t(`softphone.ui.devices.lost.${kind}`)).join(' ')}{' '}
            <button
              type="button"
              className="link"
              onClick={() => {
                update({ devicesLost: [] });
              }}
            >
              {t('softphone.ui.dismiss')}
            </button>
          </p>
        )}
      </div>
    </>
  );
}
