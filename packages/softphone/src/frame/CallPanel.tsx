import { useState, type SyntheticEvent } from 'react';
import type { CallView } from './phone-store.js';
import { cleanNumber, clock, useNow, type Act, type T } from './phone-ui.js';

/** The current call: who, its state and timer, and what the agent can do with it. */
export function CallPanel({
  call,
  agentId,
  extension,
  act,
  t,
}: {
  call: CallView;
  agentId: string;
  extension: string | null;
  act: Act;
  t: T;
}) {
  const now = useNow();
  const [transferring, setTransferring] = useState(false);
  const [target, setTarget] = useState('');
  // Ringing here: an inbound offer, a colleague calling this extension, or a call a colleague
  // transferred here (an outbound call already answered). Otherwise this phone placed it.
  const offered =
    call.call_status === 'ringing' &&
    (call.call_type === 'inbound' ||
      (call.call_type === 'internal' && call.callee === extension) ||
      (call.call_type === 'outbound' && call.answered_at !== null));
  const other =
    call.call_type === 'internal'
      ? call.peer
        ? `${call.peer.name} (${call.peer.extension ?? ''})`
        : call.callee
      : call.call_type === 'inbound'
        ? call.caller
        : call.callee;
  const talkingFor = call.answered_at ? Math.max(0, Math.round((now - Date.parse(call.answered_at)) / 1000)) : 0;
  const id = { call_id: call.call_id };
  const supervisor = call.supervisors[0];
  const submitTransfer = (event: SyntheticEvent) => {
    event.preventDefault();
    if (target === '') return;
    void act('transferExternal', { ...id, number: target }).then(() => {
      setTransferring(false);
      setTarget('');
    });
  };
  return (
    <section className={`phone-call call-${call.call_status}`} aria-live="polite" data-testid="call">
      <div className="call-head">
        <span>{t(`softphone.ui.callType.${call.call_type}`)}</span>
        <span>{t(`softphone.ui.callStatus.${call.call_status}`)}</span>
        {call.answered_at && <span className="call-timer">{clock(talkingFor)}</span>}
      </div>
      <div className="call-number" dir="ltr">
        {other}
      </div>
      {supervisor && supervisor.agent_id !== agentId && (
        <p className="muted">
          {t(supervisor.mode === 'insert' ? 'softphone.ui.insertedBy' : 'softphone.ui.monitoredBy', {
            name: supervisor.name,
          })}
        </p>
      )}
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
        ) : (
          <>
            {(call.call_status === 'talking' || call.call_status === 'held') && (
              <>
                <button type="button" onClick={() => void act(call.muted ? 'unmute' : 'mute', id)}>
                  {t(call.muted ? 'softphone.ui.unmute' : 'softphone.ui.mute')}
                </button>
                <button type="button" onClick={() => void act(call.held ? 'unpause' : 'pause', id)}>
                  {t(call.held ? 'softphone.ui.resume' : 'softphone.ui.hold')}
                </button>
                {call.call_type !== 'internal' && (
                  <button
                    type="button"
                    onClick={() => {
                      setTransferring((open) => !open);
                    }}
                  >
                    {t('softphone.ui.transfer')}
                  </button>
                )}
              </>
            )}
            <button type="button" className="bad" onClick={() => void act('hangUp', id)}>
              {t('softphone.ui.hangUp')}
            </button>
          </>
        )}
      </div>
      {transferring && (
        <form className="call-transfer" onSubmit={submitTransfer}>
          <input
            dir="ltr"
            inputMode="tel"
            aria-label={t('softphone.ui.transferTo')}
            placeholder={t('softphone.ui.transferTo')}
            value={target}
            onChange={(event) => {
              setTarget(cleanNumber(event.target.value));
            }}
          />
          <button type="submit">{t('softphone.ui.transferConfirm')}</button>
          <button
            type="button"
            className="link"
            onClick={() => {
              setTransferring(false);
            }}
          >
            {t('softphone.ui.cancel')}
          </button>
        </form>
      )}
    </section>
  );
}

/** The after-call-work countdown, which the agent may end early. */
export function AfterCallWork({ until, act, t }: { until: string; act: Act; t: T }) {
  const now = useNow();
  const seconds = Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
  return (
    <section className="phone-acw" data-testid="acw">
      <span>{t('softphone.ui.acwLeft', { seconds })}</span>
      <button type="button" onClick={() => void act('setAgentStatus', { status: 'idle' })}>
        {t('softphone.ui.endAcw')}
      </button>
    </section>
  );
}
