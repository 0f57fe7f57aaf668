import { useId, useRef, useState, type KeyboardEvent, type RefObject, type SyntheticEvent } from 'react';
import type { CallView } from '../state/phone-store.js';
import { ColleaguePicker } from './Directory.js';
import { cleanNumber, type Act, type T } from './phone-ui.js';

type TransferKind = 'blind' | 'consult' | 'queue';

/** What the number field is labelled for each kind. */
const labelOf = (kind: TransferKind, internalCall: boolean) =>
  kind === 'consult'
    ? 'softphone.ui.consultWith'
    : internalCall
      ? 'softphone.ui.transferTo'
      : 'softphone.ui.transferToNumber';

/** What the form's confirm button says for each kind. */
const confirmOf = (kind: TransferKind) =>
  kind === 'queue'
    ? 'softphone.ui.queueConfirm'
    : kind === 'consult'
      ? 'softphone.ui.consultConfirm'
      : 'softphone.ui.transferConfirm';

/**
 * Passing the call on: blind (the call goes at once; nobody answering, it comes back), after
 * consulting a colleague (the caller waits on hold meanwhile), or back to the queue (an inbound
 * caller only: they came from it). Colleagues are offered only when the phone may call them.
 */
export function TransferForm({
  id,
  call,
  internalCall,
  onDone,
  act,
  t,
}: {
  id: string;
  call: CallView;
  internalCall: boolean;
  onDone: () => void;
  act: Act;
  t: T;
}) {
  const kinds: TransferKind[] = [
    'blind',
    ...(internalCall ? (['consult'] as const) : []),
    ...(call.call_type === 'inbound' ? (['queue'] as const) : []),
  ];
  const [kind, setKind] = useState<TransferKind>('blind');
  const [target, setTarget] = useState('');
  const numberRef = useRef<HTMLInputElement>(null);
  const ref = { call_id: call.call_id };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (kind !== 'queue' && target === '') {
      numberRef.current?.focus();
      return;
    }
    const done =
      kind === 'queue'
        ? act('transferToQueue', ref)
        : kind === 'consult'
          ? act('consultTransfer', { ...ref, number: target })
          : act('transferExternal', { ...ref, number: target, ...(internalCall ? {} : { internal: false }) });
    void done.then((result) => {
      if (result !== undefined) onDone();
    });
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };
  return (
    <form
      id={id}
      className="call-transfer"
      onSubmit={submit}
      onKeyDown={escape}
      aria-label={t('softphone.ui.transfer')}
    >
      {/* A single way (an outgoing call, colleagues off) needs no choice. */}
      {kinds.length > 1 && <TransferKinds kinds={kinds} kind={kind} onChoose={setKind} t={t} />}
      {kind !== 'queue' && (
        <TransferTarget
          inputRef={numberRef}
          label={labelOf(kind, internalCall)}
          target={target}
          onTarget={setTarget}
          internalCall={internalCall}
          act={act}
          t={t}
        />
      )}
      {kind === 'queue' && <p className="muted">{t('softphone.ui.queueHint')}</p>}
      <div className="call-actions">
        <button type="submit" className="good" disabled={kind !== 'queue' && target === ''}>
          {t(confirmOf(kind))}
        </button>
        <button type="button" className="link" onClick={onDone}>
          {t('softphone.ui.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The ways the call may be passed on, as radio buttons. */
function TransferKinds({
  kinds,
  kind,
  onChoose,
  t,
}: {
  kinds: TransferKind[];
  kind: TransferKind;
  onChoose: (kind: TransferKind) => void;
  t: T;
}) {
  const name = useId();
  return (
    <fieldset className="transfer-kinds">
      <legend>{t('softphone.ui.transferKind')}</legend>
      {kinds.map((k) => (
        <label key={k}>
          <input
            type="radio"
            name={name}
            value={k}
            checked={kind === k}
            onChange={() => {
              onChoose(k);
            }}
          />
          {t(`softphone.ui.transferKind.${k}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** Where the call goes: a number typed, or (with internal calls) a colleague picked. */
function TransferTarget({
  inputRef,
  label,
  target,
  onTarget,
  internalCall,
  act,
  t,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  label: ReturnType<typeof labelOf>;
  target: string;
  onTarget: (target: string) => void;
  internalCall: boolean;
  act: Act;
  t: T;
}) {
  return (
    <>
      <input
        ref={inputRef}
        dir="ltr"
        inputMode="tel"
        autoComplete="off"
        // The agent opened the form to type where the call goes.
        autoFocus
        aria-label={t(label)}
        placeholder={t(label)}
        value={target}
        onChange={(event) => {
          onTarget(cleanNumber(event.target.value));
        }}
      />
      {internalCall && (
        <ColleaguePicker
          chosen={target}
          onChoose={(extension) => {
            onTarget(extension);
          }}
          act={act}
          t={t}
        />
      )}
    </>
  );
}
