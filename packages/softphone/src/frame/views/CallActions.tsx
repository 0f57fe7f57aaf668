import type { RefObject } from 'react';
import type { CallView } from '../state/phone-store.js';
import type { CallRole } from './call-heading.js';
import type { Act, T } from './phone-ui.js';

/** A button that opens and closes a part of the panel (the keypad, the transfer form). */
interface Toggle {
  open: boolean;
  /** The id of what it opens. */
  controls: string;
  onToggle: () => void;
}

/**
 * What the agent can do with a call: answer or reject one offered; complete or cancel a
 * consultation; otherwise mute, hold, transfer, the keypad, and hang up.
 */
export function CallActions({
  call,
  role,
  offered,
  canTransfer,
  keypadOnPage,
  keypad,
  transfer,
  transferButton,
  act,
  t,
}: {
  call: CallView;
  role: CallRole;
  offered: boolean;
  canTransfer: boolean;
  keypadOnPage: boolean;
  keypad: Toggle;
  transfer: Toggle;
  /** Focus goes back to it when the transfer form closes. */
  transferButton: RefObject<HTMLButtonElement | null>;
  act: Act;
  t: T;
}) {
  const id = { call_id: call.call_id };
  const inConversation = call.call_status === 'talking' || call.call_status === 'held';
  const keypadToggle = call.call_status === 'talking' && !keypadOnPage && <KeypadToggle {...keypad} t={t} />;
  const muteButton = (
    <button type="button" onClick={() => void act(call.muted ? 'unmute' : 'mute', id)}>
      {t(call.muted ? 'softphone.ui.unmute' : 'softphone.ui.mute')}
    </button>
  );
  return (
    <div className="call-actions">
      {offered ? (
        <>
          <button type="button" className="good" onClick={() => void act('answer', id)}>
            {t('softphone.ui.answer')}
          </button>
          <button type="button" className="bad" onClick={() => void act('hangUp', id)}>
            {t('softphone.ui.reject')}
          </button>
        </>
      ) : role === 'consult' ? (
        <>
          {/* The colleague must have answered before the caller can be handed over. */}
          <button
            type="button"
            className="good"
            disabled={!inConversation}
            onClick={() => void act('completeTransfer', id)}
          >
            {t('softphone.ui.completeTransfer')}
          </button>
          <button type="button" className="bad" onClick={() => void act('cancelTransfer', id)}>
            {t('softphone.ui.cancelTransfer')}
          </button>
          {inConversation && muteButton}
          {keypadToggle}
        </>
      ) : (
        <>
          {inConversation && role === 'single' && (
            <>
              {muteButton}
              <button type="button" onClick={() => void act(call.held ? 'unpause' : 'pause', id)}>
                {t(call.held ? 'softphone.ui.resume' : 'softphone.ui.hold')}
              </button>
              {canTransfer && (
                <button
                  ref={transferButton}
                  type="button"
                  aria-expanded={transfer.open}
                  aria-controls={transfer.controls}
                  onClick={transfer.onToggle}
                >
                  {t('softphone.ui.transfer')}
                </button>
              )}
              {keypadToggle}
            </>
          )}
          <button type="button" className="bad" onClick={() => void act('hangUp', id)}>
            {t('softphone.ui.hangUp')}
          </button>
        </>
      )}
    </div>
  );
}

function KeypadToggle({ open, controls, onToggle, t }: Toggle & { t: T }) {
  return (
    <button type="button" aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {t('softphone.ui.keypad')}
    </button>
  );
}
