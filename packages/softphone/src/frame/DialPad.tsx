import { useState, type ClipboardEvent, type SyntheticEvent } from 'react';
import { cleanNumber, type Act, type T } from './phone-ui.js';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '0', '#'];

/** The dial pad: typed, pasted or tapped numbers (cleaned to digits), and the displayed number. */
export function DialPad({
  displayNumbers,
  displayNumber,
  busy,
  act,
  t,
}: {
  displayNumbers: string[];
  displayNumber: string | null;
  busy: boolean;
  act: Act;
  t: T;
}) {
  const [number, setNumber] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (number === '' || busy) return;
    void act('dialOut', { number }).then((placed) => {
      if (placed !== undefined) setNumber('');
    });
  };
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    setNumber(cleanNumber(number + event.clipboardData.getData('text')));
  };
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
          aria-label={t('softphone.ui.numberPlaceholder')}
          placeholder={t('softphone.ui.numberPlaceholder')}
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
      <div className="dial-keys" dir="ltr">
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            onClick={() => {
              setNumber(cleanNumber(number + key));
            }}
            disabled={key === '#'}
          >
            {key}
          </button>
        ))}
      </div>
      <button type="submit" className="good dial-call" disabled={busy || number === ''}>
        {t('softphone.ui.dial')}
      </button>
    </form>
  );
}
