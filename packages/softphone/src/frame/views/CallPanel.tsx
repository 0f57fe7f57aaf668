import { Fragment, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { DtmfPad } from './DialPad.js';
import { ColleaguePicker } from './Directory.js';
import { MediaView } from './MediaView.js';
import {
  consultationOf,
  dtmfSent,
  isOffered,
  otherParty,
  TRANSFER_NOTICE_MS,
  transferLine,
  transferNoticeKey,
  type CallView,
  type PhoneState,
  type PhoneStore,
} from '../state/phone-store.js';
import { cleanNumber, clock, useNow, type Act, type T } from './phone-ui.js';

/**
 * A name or number inside a translated sentence keeps its own direction: an Arabic sentence
 * with a Latin name and an extension in brackets would otherwise come out scrambled.
 */
const isolate = (text: string) => `\u2068${text}\u2069`;

type Update = PhoneStore['set'];

/** How this phone shows a call: alone, as the caller waiting during a consultation, or as the consultation. */
type Role = 'single' | 'waiting' | 'consult';

/**
 * The calls on the phone, each with its media. During a consultation the caller waiting on hold
 * comes first and the call with the colleague below it, with the transfer's own buttons.
 */
export function Calls({
  state,
  keypadOnPage,
  update,
  act,
  t,
}: {
  state: PhoneState;
  /** The dial pad page is on screen, and is the keypad of the call in conversation. */
  keypadOnPage: boolean;
  update: Update;
  act: Act;
  t: T;
}) {
  const agent = state.agent;
  if (!agent) return null;
  const consultation = consultationOf(state.calls);
  const roleOf = (call: CallView): Role =>
    call === consultation?.waiting ? 'waiting' : call === consultation?.consult ? 'consult' : 'single';
  const ordered = consultation
    ? [consultation.waiting, consultation.consult, ...state.calls.filter((c) => roleOf(c) === 'single')]
    : state.calls;
  // One live region, always there, says what changed: a region that appears with a new call is
  // not read by every screen reader, and one around the call would read its timer every second.
  const summary = ordered
    .map(
      (call) =>
        `${headOf(call, roleOf(call), t)}: ${otherParty(call)}, ${t(`softphone.ui.callStatus.${call.call_status}`)}`,
    )
    .join('. ');
  return (
    <>
      <div className="visually-hidden" role="status" data-testid="calls-announced">
        {summary}
      </div>
      {ordered.map((call) => (
        <Fragment key={call.call_id}>
          <CallPanel
            call={call}
            role={roleOf(call)}
            consultWith={consultation?.consult ?? null}
            agentId={agent.agent_id}
            extension={agent.extension}
            internalCall={state.options.internalCall}
            keypadOnPage={keypadOnPage}
            dtmf={state.dtmf[call.call_id] ?? { sent: '', received: '' }}
            onSent={(callId, digits) => {
              update((current) => dtmfSent(current, callId, digits));
            }}
            act={act}
            t={t}
          />
          {state.media?.call_id === call.call_id && (
            <MediaView media={state.media} output={state.devices?.selected.speaker ?? ''} t={t} />
          )}
        </Fragment>
      ))}
    </>
  );
}

/** What kind of call it is, as its panel's heading says. */
const headOf = (call: CallView, role: Role, t: T) =>
  role === 'consult' ? t('softphone.ui.consultCall') : t(`softphone.ui.callType.${call.call_type}`);

/** The call's screen-pop context, as text: keys and values the integrator passed, never markup. */
function AttachedData({ data, t }: { data: Record<string, string>; t: T }) {
  const entries = Object.entries(data);
  if (entries.length === 0) return null;
  return (
    // Up to 20 values of 1,024 characters: the list scrolls, so it is focusable to scroll by keyboard.
    <section className="call-data" role="region" aria-label={t('softphone.ui.attachedData')} tabIndex={0}>
      <dl>
        {entries.map(([key, value]) => (
          <div key={key}>
            {/* Each text keeps its own direction while the column keeps the phone's alignment. */}
            <dt>
              <bdi>{key}</bdi>
            </dt>
            <dd>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One call: who, its state and timer, its context, and what the agent can do with it. */
export function CallPanel({
  call,
  role,
  consultWith,
  agentId,
  extension,
  internalCall,
  keypadOnPage,
  dtmf,
  onSent,
  act,
  t,
}: {
  call: CallView;
  role: Role;
  /** With `waiting`: the consultation the caller waits for. */
  consultWith: CallView | null;
  agentId: string;
  extension: string | null;
  internalCall: boolean;
  keypadOnPage: boolean;
  dtmf: { sent: string; received: string };
  onSent: (callId: string, digits: string) => void;
  act: Act;
  t: T;
}) {
  const now = useNow();
  const [transferring, setTransferring] = useState(false);
  const [keypad, setKeypad] = useState(false);
  const transferButton = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const keypadId = useId();
  const offered = isOffered(call, extension);
  const inConversation = call.call_status === 'talking' || call.call_status === 'held';
  const talkingFor = call.answered_at ? Math.max(0, Math.round((now - Date.parse(call.answered_at)) / 1000)) : 0;
  const id = { call_id: call.call_id };
  const supervisor = call.supervisors[0];
  const transfer = transferLine(call, agentId);
  // Only the agent's own outside call can be passed on, and not while a consultation is up.
  const canTransfer = role === 'single' && inConversation && call.call_type !== 'internal';
  const keypadShown = keypad && call.call_status === 'talking' && !keypadOnPage;
  const closeTransfer = () => {
    setTransferring(false);
    transferButton.current?.focus();
  };
  const head = headOf(call, role, t);
  return (
    <section
      className={`phone-call call-${call.call_status} call-role-${role}`}
      aria-label={`${head}: ${otherParty(call)}`}
      data-testid={role === 'consult' ? 'consult-call' : 'call'}
    >
      <div className="call-head">
        <span>{head}</span>
        <span>{t(`softphone.ui.callStatus.${call.call_status}`)}</span>
        {call.answered_at && <span className="call-timer">{clock(talkingFor)}</span>}
      </div>
      {/* Isolated, not forced left to right: the line keeps the phone's side in Arabic, a number
          reads left to right, and a colleague's name in an RTL script reads right to left. */}
      <div className="call-number">
        <bdi>{otherParty(call)}</bdi>
      </div>
      {role === 'waiting' && consultWith && (
        <p className="call-note">{t('softphone.ui.callerWaiting', { name: isolate(otherParty(consultWith)) })}</p>
      )}
      {transfer && <p className="call-note call-transfer-info">{t(transfer.key, { name: isolate(transfer.who) })}</p>}
      {/* The consultation carries the caller's data too; the agent already sees it on the caller's call. */}
      {call.call_status !== 'ended' && role !== 'consult' && <AttachedData data={call.attached_data} t={t} />}
      {supervisor && supervisor.agent_id !== agentId && (
        <p className="muted">
          {t(supervisor.mode === 'insert' ? 'softphone.ui.insertedBy' : 'softphone.ui.monitoredBy', {
            name: isolate(supervisor.name),
          })}
        </p>
      )}
      {dtmf.received !== '' && (
        <p className="muted">{t('softphone.ui.dtmf.received', { digits: isolate(dtmf.received) })}</p>
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
            {inConversation && (
              <button type="button" onClick={() => void act(call.muted ? 'unmute' : 'mute', id)}>
                {t(call.muted ? 'softphone.ui.unmute' : 'softphone.ui.mute')}
              </button>
            )}
            {call.call_status === 'talking' && !keypadOnPage && (
              <KeypadToggle open={keypad} controls={keypadId} onToggle={setKeypad} t={t} />
            )}
          </>
        ) : (
          <>
            {inConversation && role === 'single' && (
              <>
                <button type="button" onClick={() => void act(call.muted ? 'unmute' : 'mute', id)}>
                  {t(call.muted ? 'softphone.ui.unmute' : 'softphone.ui.mute')}
                </button>
                <button type="button" onClick={() => void act(call.held ? 'unpause' : 'pause', id)}>
                  {t(call.held ? 'softphone.ui.resume' : 'softphone.ui.hold')}
                </button>
                {canTransfer && (
                  <button
                    ref={transferButton}
                    type="button"
                    aria-expanded={transferring}
                    aria-controls={formId}
                    onClick={() => {
                      setTransferring((open) => !open);
                    }}
                  >
                    {t('softphone.ui.transfer')}
                  </button>
                )}
                {call.call_status === 'talking' && !keypadOnPage && (
                  <KeypadToggle open={keypad} controls={keypadId} onToggle={setKeypad} t={t} />
                )}
              </>
            )}
            <button type="button" className="bad" onClick={() => void act('hangUp', id)}>
              {t('softphone.ui.hangUp')}
            </button>
          </>
        )}
      </div>
      {canTransfer && transferring && (
        <TransferForm id={formId} call={call} internalCall={internalCall} onDone={closeTransfer} act={act} t={t} />
      )}
      {keypadShown && (
        <div id={keypadId}>
          <DtmfPad callId={call.call_id} sent={dtmf.sent} onSent={onSent} act={act} t={t} autoFocus />
        </div>
      )}
    </section>
  );
}

function KeypadToggle({
  open,
  controls,
  onToggle,
  t,
}: {
  open: boolean;
  controls: string;
  onToggle: (open: boolean) => void;
  t: T;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => {
        onToggle(!open);
      }}
    >
      {t('softphone.ui.keypad')}
    </button>
  );
}

type TransferKind = 'blind' | 'consult' | 'queue';

/**
 * Passing the call on: blind (the call goes at once; nobody answering, it comes back), after
 * consulting a colleague (the caller waits on hold meanwhile), or back to the queue (an inbound
 * caller only: they came from it). Colleagues are offered only when the phone may call them.
 */
function TransferForm({
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
  const name = useId();
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
  const label =
    kind === 'consult'
      ? 'softphone.ui.consultWith'
      : internalCall
        ? 'softphone.ui.transferTo'
        : 'softphone.ui.transferToNumber';
  const confirm =
    kind === 'queue'
      ? 'softphone.ui.queueConfirm'
      : kind === 'consult'
        ? 'softphone.ui.consultConfirm'
        : 'softphone.ui.transferConfirm';
  return (
    <form
      id={id}
      className="call-transfer"
      onSubmit={submit}
      onKeyDown={escape}
      aria-label={t('softphone.ui.transfer')}
    >
      {/* A single way (an outgoing call, colleagues off) needs no choice. */}
      {kinds.length > 1 && (
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
                  setKind(k);
                }}
              />
              {t(`softphone.ui.transferKind.${k}`)}
            </label>
          ))}
        </fieldset>
      )}
      {kind !== 'queue' && (
        <>
          <input
            ref={numberRef}
            dir="ltr"
            inputMode="tel"
            autoComplete="off"
            // The agent opened the form to type where the call goes.
            autoFocus
            aria-label={t(label)}
            placeholder={t(label)}
            value={target}
            onChange={(event) => {
              setTarget(cleanNumber(event.target.value));
            }}
          />
          {internalCall && (
            <ColleaguePicker
              chosen={target}
              onChoose={(extension) => {
                setTarget(extension);
              }}
              act={act}
              t={t}
            />
          )}
        </>
      )}
      {kind === 'queue' && <p className="muted">{t('softphone.ui.queueHint')}</p>}
      <div className="call-actions">
        <button type="submit" className="good" disabled={kind !== 'queue' && target === ''}>
          {t(confirm)}
        </button>
        <button type="button" className="link" onClick={onDone}>
          {t('softphone.ui.cancel')}
        </button>
      </div>
    </form>
  );
}

/** What became of a call this agent passed on, for a few seconds. */
export function TransferNoticeLine({ state, update, t }: { state: PhoneState; update: Update; t: T }) {
  const now = useNow();
  const notice = state.transferNotice;
  const shown = notice !== null && now - notice.at <= TRANSFER_NOTICE_MS;
  // The live region stays mounted and empty between notices, so each new one is read out.
  return (
    <div role="status" className={shown ? undefined : 'visually-hidden'}>
      {shown && (
        <p className="phone-notice" data-testid="transfer-notice">
          {t(transferNoticeKey(notice), { number: isolate(notice.number) })}{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              update({ transferNotice: null });
            }}
          >
            {t('softphone.ui.dismiss')}
          </button>
        </p>
      )}
    </div>
  );
}

/** Calls that rang here unanswered: on the recent calls page, or (mini phone) the unseen ones. */
export function MissedCalls({
  state,
  onlyUnseen,
  update,
  t,
}: {
  state: PhoneState;
  onlyUnseen: boolean;
  update: Update;
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
