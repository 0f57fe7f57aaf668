import { useState } from 'react';
import type { WrapUp, WrapUpCode } from '@open/protocol/cti/protocol';
import { wrapUpLimits } from '@open/protocol/softphone/catalogue';
import { useNow, type Act, type T } from './phone-ui.js';

/**
 * The after-call-work countdown, which the agent may end early, and the wrap-up: one of the
 * tenant's codes, with a note (only when the tenant has codes).
 */
export function AfterCallWork({
  until,
  codes,
  wrapUp,
  act,
  t,
}: {
  until: string;
  codes: readonly WrapUpCode[];
  /** The wrap-up already saved for the call, if any. */
  wrapUp: WrapUp | null;
  act: Act;
  t: T;
}) {
  const now = useNow();
  const seconds = Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
  return (
    <section className="phone-acw" data-testid="acw">
      <div className="phone-acw-line">
        <span>{t('softphone.ui.acwLeft', { seconds })}</span>
        <button type="button" onClick={() => void act('setAgentStatus', { status: 'idle' })}>
          {t('softphone.ui.endAcw')}
        </button>
      </div>
      {codes.length > 0 && <WrapUpForm {...{ codes, wrapUp, act, t }} />}
    </section>
  );
}

function WrapUpForm({
  codes,
  wrapUp,
  act,
  t,
}: {
  codes: readonly WrapUpCode[];
  wrapUp: WrapUp | null;
  act: Act;
  t: T;
}) {
  const [code, setCode] = useState(wrapUp?.code_id ?? '');
  const [note, setNote] = useState(wrapUp?.note ?? '');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    await act('setWrapUp', { code_id: code, ...(note.trim() === '' ? {} : { note: note.trim() }) });
    setSaving(false);
  };
  return (
    <form
      className="phone-wrap-up"
      data-testid="wrap-up"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label>
        <span>{t('softphone.ui.wrapUp.code')}</span>
        <select
          value={code}
          required
          onChange={(event) => {
            setCode(event.target.value);
          }}
        >
          <option value="" disabled>
            {t('softphone.ui.wrapUp.choose')}
          </option>
          {codes.map((c) => (
            <option key={c.id} value={c.id} dir="auto">
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('softphone.ui.wrapUp.note')}</span>
        <input
          value={note}
          maxLength={wrapUpLimits.note}
          dir="auto"
          placeholder={t('softphone.ui.wrapUp.notePlaceholder')}
          onChange={(event) => {
            setNote(event.target.value);
          }}
        />
      </label>
      <button type="submit" disabled={code === '' || saving}>
        {t('softphone.ui.wrapUp.save')}
      </button>
      {wrapUp && (
        <p role="status" className="phone-wrap-up-saved">
          {t('softphone.ui.wrapUp.saved', { name: wrapUp.name })}
        </p>
      )}
    </form>
  );
}
