import { useEffect, useRef, useState, type ClipboardEvent, type SyntheticEvent } from 'react';
import { DTMF_PATTERN } from '@open/protocol/softphone/catalogue';
import type { PhoneKey } from '../i18n.js';
import { cleanNumber, type Act, type T } from './phone-ui.js';

/** A phone's keys, in a phone's order. '+' is on '0', held down, as on a mobile phone. */
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;
type Key = (typeof KEYS)[number];
/** How long '0' is held down to give '+'. */
const LONG_PRESS_MS = 500;

/** The keys' names for screen readers, where the sign alone is read badly or not at all. */
const keyLabels: Partial<Record<Key, PhoneKey>> = {
  '*': 'softphone.ui.key.star',
  '#': 'softphone.ui.key.hash',
};

/**
 * The twelve keys. Outside a call they dial (`*` and `#` only make sense in a call, so they are
 * off); '0' held down gives '+'. Keyboard users type '+' in the number field.
 */
function Keys({ onKey, dtmf, t }: { onKey: (key: string) => void; dtmf: boolean; t: T }) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The long press already gave '+': the click that follows the release must not add '0'. */
  const gavePlus = useRef(false);
  const stop = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);
  return (
    <div className="dial-keys" dir="ltr">
      {KEYS.map((key) => {
        const plus = key === '0' && !dtmf;
        const label = plus ? 'softphone.ui.key.zeroPlus' : keyLabels[key];
        return (
          <button
            key={key}
            type="button"
            aria-label={label ? t(label) : undefined}
            disabled={!dtmf && (key === '*' || key === '#')}
            onPointerDown={
              plus
                ? () => {
                    gavePlus.current = false;
                    stop();
                    timer.current = setTimeout(() => {
                      gavePlus.current = true;
                      onKey('+');
                    }, LONG_PRESS_MS);
                  }
                : undefined
            }
            onPointerUp={plus ? stop : undefined}
            onPointerLeave={plus ? stop : undefined}
            onContextMenu={
              plus
                ? (event) => {
                    // A long touch opens the context menu on mobile browsers; here it means '+'.
                    event.preventDefault();
                  }
                : undefined
            }
            onClick={() => {
              if (gavePlus.current) {
                gavePlus.current = false;
                return;
              }
              onKey(key);
            }}
          >
            {key}
            {plus && (
              <span className="dial-sub" aria-hidden="true">
                +
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The dial pad: typed, pasted or tapped numbers (cleaned to digits), and the displayed number.
 * With a call in conversation (`dtmfCall`) it becomes the call's keypad instead (DtmfPad).
 */
export function DialPad({
  displayNumbers,
  displayNumber,
  busy,
  internalCall,
  dtmfCall,
  sent,
  onSent,
  act,
  t,
}: {
  displayNumbers: string[];
  displayNumber: string | null;
  busy: boolean;
  /** False: the phone was started with internalCall: false, so the engine refuses extensions. */
  internalCall: boolean;
  dtmfCall: string | null;
  sent: string;
  onSent: (callId: string, digits: string) => void;
  act: Act;
  t: T;
}) {
  const [number, setNumber] = useState('');
  if (dtmfCall !== null) return <DtmfPad callId={dtmfCall} sent={sent} onSent={onSent} act={act} t={t} />;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (number === '' || busy) return;
    void act('dialOut', { number, ...(internalCall ? {} : { internal: false }) }).then((placed) => {
      if (placed !== undefined) setNumber('');
    });
  };
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    setNumber(cleanNumber(number + event.clipboardData.getData('text')));
  };
  const label = internalCall ? 'softphone.ui.numberPlaceholder' : 'softphone.ui.numberOnlyPlaceholder';
  return (
    <form className="phone-dialpad" onSubmit={submit}>
      {displayNumbers.length > 0 && (
        <label className="phone-field">
          <span>{t('softphone.ui.displayNumber')}</span>
          <select
            dir="ltr"
            value={displayNumber ?? ''}
            onChange={(event) => void act('setDisplayNumber', { number: event.target.value })}
          >
            {displayNumbers.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="dial-input">
        <input
          dir="ltr"
          inputMode="tel"
          aria-label={t(label)}
          placeholder={t(label)}
          value={number}
          onChange={(event) => {
            setNumber(cleanNumber(event.target.value));
          }}
          onPaste={paste}
        />
        <button
          type="button"
          className="link"
          aria-label={t('softphone.ui.backspace')}
          onClick={() => {
            setNumber(number.slice(0, -1));
          }}
        >
          ⌫
        </button>
      </div>
      <Keys
        dtmf={false}
        t={t}
        onKey={(key) => {
          setNumber((current) => cleanNumber(current + key));
        }}
      />
      <button type="submit" className="good dial-call" disabled={busy || number === ''}>
        {t('softphone.ui.dial')}
      </button>
    </form>
  );
}

/** The digits of a DTMF run that may be sent: 0-9, * and #, the others dropped. */
const dtmfDigits = (text: string) => text.replace(/[^0-9*#]/g, '').slice(0, 32);

/**
 * The keypad of a call in conversation: each key tapped or typed goes out at once as DTMF
 * (sendDtmf), and the field shows the digits sent so far, as a phone's display does.
 */
export function DtmfPad({
  callId,
  sent,
  onSent,
  act,
  t,
  autoFocus = false,
}: {
  callId: string;
  sent: string;
  onSent: (callId: string, digits: string) => void;
  act: Act;
  t: T;
  autoFocus?: boolean;
}) {
  const send = (digits: string) => {
    if (!DTMF_PATTERN.test(digits)) return;
    void act('sendDtmf', { call_id: callId, digits }).then((done) => {
      if (done !== undefined) onSent(callId, digits);
    });
  };
  return (
    <div className="phone-dtmf" data-testid="dtmf">
      <label className="phone-field">
        <span>{t('softphone.ui.dtmf.sent')}</span>
        <input
          dir="ltr"
          inputMode="tel"
          autoComplete="off"
          // Opened by the agent from the call panel: they mean to type tones at once.
          autoFocus={autoFocus}
          placeholder={t('softphone.ui.dtmf.hint')}
          value={sent}
          onKeyDown={(event) => {
            // A typed key goes out as it is pressed; the field only shows what was sent.
            if (event.ctrlKey || event.metaKey || event.altKey) return;
            if (/^[0-9*#]$/.test(event.key)) {
              event.preventDefault();
              send(event.key);
            }
          }}
          onChange={(event) => {
            // A virtual keyboard may not give key events: the characters added at the end go out.
            const added = event.target.value.startsWith(sent) ? event.target.value.slice(sent.length) : '';
            send(dtmfDigits(added));
          }}
          onPaste={(event) => {
            event.preventDefault();
            send(dtmfDigits(event.clipboardData.getData('text')));
          }}
        />
      </label>
      <Keys dtmf onKey={send} t={t} />
    </div>
  );
}
