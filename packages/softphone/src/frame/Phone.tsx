import { useEffect, useState, useSyncExternalStore, type ClipboardEvent, type SyntheticEvent } from 'react';
import type { PhoneKey } from './i18n.js';
import type { CallView, PhonePage, PhoneStore } from './phone-store.js';

type T = (key: PhoneKey, values?: Record<string, string | number>) => string;
type Run = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

interface Props {
  store: PhoneStore;
  run: Run;
  t: T;
  errorText: (name: string) => string;
}

/** What a person may type or paste as a number: digits and a leading +. */
export const cleanNumber = (text: string) => {
  const digits = text.replace(/[^\d+]/g, '');
  return (digits.startsWith('+') ? '+' : '') + digits.replace(/\+/g, '').slice(0, 31);
};

/** Seconds since an ISO time, for call timers and after-call work, ticking every second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}

const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

export function Phone({ store, run, t, errorText }: Props) {
  const state = useSyncExternalStore(store.subscribe, store.get);
  const [error, setError] = useState<string | null>(null);
  const act = (method: string, params?: Record<string, unknown>) => {
    setError(null);
    return run(method, params).catch((failure: unknown) => {
      setError(failure instanceof Error ? failure.message : String(failure));
      return undefined;
    });
  };

  if (state.phase === 'loading') return <p className="phone-note">{t('softphone.ui.loading')}</p>;
  if (state.phase === 'failed')
    return (
      <p className="phone-note phone-error" role="alert">
        {t('softphone.ui.loginFailed', { reason: errorText(state.failure ?? 'internal') })}
      </p>
    );
  if (state.phase === 'replaced') return <p className="phone-note">{t('softphone.ui.replaced')}</p>;
  if (state.phase === 'sessionLost') return <p className="phone-note">{t('softphone.ui.sessionLost')}</p>;

  const { agent, tenant, options } = state;
  if (!agent || !tenant) return null;
  const call = state.calls[0];
  const pages: PhonePage[] = ['dialpad', 'records', ...(options.internalCall ? (['directory'] as const) : [])];

  return (
    <div className={options.mini ? 'phone phone-mini' : 'phone'}>
      {options.statusBar && <StatusBar {...{ state, act, t }} />}
      {error && (
        <p className="phone-error" role="alert">
          {error}{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              setError(null);
            }}
          >
            {t('softphone.ui.dismiss')}
          </button>
        </p>
      )}
      {call && <CallPanel call={call} agentId={agent.agent_id} extension={agent.extension} {...{ act, t }} />}
      {agent.status === 'acw' && agent.acw_until && <AfterCallWork until={agent.acw_until} {...{ act, t }} />}
      {!options.mini && (
        <>
          <nav className="phone-tabs" role="tablist">
            {pages.map((page) => (
              <button
                key={page}
                type="button"
                role="tab"
                aria-selected={state.page === page}
                onClick={() => {
                  store.set({ page });
                }}
              >
                {t(`softphone.ui.page.${page}`)}
              </button>
            ))}
          </nav>
          {state.page === 'dialpad' && options.dialPad && (
            <DialPad
              displayNumbers={tenant.display_numbers}
              displayNumber={agent.display_number}
              busy={call !== undefined}
              {...{ act, t }}
            />
          )}
          {state.page === 'records' && <Records {...{ act, t }} />}
          {state.page === 'directory' && options.internalCall && (
            <Directory disabled={call !== undefined} {...{ act, t }} />
          )}
        </>
      )}
    </div>
  );
}

type Act = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

function StatusBar({ state, act, t }: { state: ReturnType<PhoneStore['get']>; act: Act; t: T }) {
  const agent = state.agent;
  const tenant = state.tenant;
  if (!agent || !tenant) return null;
  const connection =
    state.socket === 'open'
      ? t('softphone.ui.socket.open')
      : state.attempt > 0
        ? t('softphone.ui.socket.reconnecting', { attempt: state.attempt })
        : t(`softphone.ui.socket.${state.socket}`);
  const reason = tenant.not_ready_reasons.find((r) => r.id === agent.reason_id);
  return (
    <header className="phone-bar">
      <div className="phone-who">
        <strong>{agent.name}</strong> {agent.extension && <span className="muted">{agent.extension}</span>}
      </div>
      <div className={`phone-status status-${agent.status}`} data-testid="agent-status">
        {t(`softphone.ui.agentStatus.${agent.status}`)}
        {reason ? ` · ${reason.name}` : ''}
      </div>
      <div className={`phone-link link-${state.socket}`} data-testid="connection">
        {connection}
      </div>
      <div className="phone-actions">
        {agent.status === 'offline' ? (
          <button type="button" onClick={() => void act('login', { status: 'idle' })}>
            {t('softphone.ui.checkIn')}
          </button>
        ) : (
          <>
            {agent.status !== 'idle' && (
              <button type="button" onClick={() => void act('setAgentStatus', { status: 'idle' })}>
                {t('softphone.ui.setReady')}
              </button>
            )}
            <select
              aria-label={t('softphone.ui.notReadyReason')}
              value={agent.status === 'busy' ? (agent.reason_id ?? '') : ''}
              onChange={(event) => {
                if (event.target.value) void act('setAgentStatus', { status: 'busy', reason_id: event.target.value });
              }}
            >
              <option value="">{t('softphone.ui.notReadyReason')}</option>
              {tenant.not_ready_reasons.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
            <button type="button" onClick={() => void act('logout')}>
              {t('softphone.ui.checkOut')}
            </button>
          </>
        )}
      </div>
    </header>
  );
}

function CallPanel({
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

function AfterCallWork({ until, act, t }: { until: string; act: Act; t: T }) {
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

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '0', '#'];

function DialPad({
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

interface RecordRow {
  call_id: string;
  call_type: CallView['call_type'];
  caller: string;
  callee: string;
  ended_at: string;
  outcome: string;
  duration_seconds: number;
}

function Records({ act, t }: { act: Act; t: T }) {
  const [rows, setRows] = useState<RecordRow[] | null>(null);
  useEffect(() => {
    void act('getCallRecords', { limit: 20 }).then((data) => {
      setRows((data as { list?: RecordRow[] } | undefined)?.list ?? []);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once, when the page opens
  }, []);
  if (rows === null) return <p className="phone-note">{t('softphone.ui.loading')}</p>;
  if (rows.length === 0) return <p className="phone-note">{t('softphone.ui.records.empty')}</p>;
  return (
    <ul className="phone-list">
      {rows.map((row) => (
        <li key={`${row.call_id}-${row.ended_at}`}>
          <span dir="ltr">{row.call_type === 'inbound' ? row.caller : row.callee}</span>
          <span className="muted">
            {t(`softphone.ui.outcome.${row.outcome}` as PhoneKey)} ·{' '}
            {t('softphone.ui.records.duration', { seconds: row.duration_seconds })}
          </span>
          <time className="muted" dateTime={row.ended_at}>
            {new Date(row.ended_at).toLocaleString(document.documentElement.lang)}
          </time>
        </li>
      ))}
    </ul>
  );
}

interface Colleague {
  agent_id: string;
  name: string;
  extension: string | null;
  status: 'offline' | 'idle' | 'busy' | 'acw';
  in_call: boolean;
}

function Directory({ disabled, act, t }: { disabled: boolean; act: Act; t: T }) {
  const [rows, setRows] = useState<Colleague[] | null>(null);
  useEffect(() => {
    const load = () =>
      void act('getColleagues').then((data) => {
        setRows((data as { list?: Colleague[] } | undefined)?.list ?? []);
      });
    load();
    // Live states: refreshed while the page is open.
    const timer = setInterval(load, 5000);
    return () => {
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one refresh loop while the page is open
  }, []);
  if (rows === null) return <p className="phone-note">{t('softphone.ui.loading')}</p>;
  if (rows.length === 0) return <p className="phone-note">{t('softphone.ui.directory.empty')}</p>;
  return (
    <ul className="phone-list">
      {rows.map((row) => (
        <li key={row.agent_id}>
          <span>
            {row.name}{' '}
            <span className="muted" dir="ltr">
              {row.extension}
            </span>
          </span>
          <span className={`phone-status status-${row.status}`}>
            {t(`softphone.ui.agentStatus.${row.status}`)}
            {row.in_call ? ` · ${t('softphone.ui.callStatus.talking')}` : ''}
          </span>
          {row.extension && (
            <button
              type="button"
              disabled={disabled || row.status === 'offline' || row.in_call}
              onClick={() => void act('dialOut', { number: row.extension })}
            >
              {t('softphone.ui.directory.call', { name: row.name })}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
