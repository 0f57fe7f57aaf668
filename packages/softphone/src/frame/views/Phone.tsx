import { useEffect, useState, useSyncExternalStore } from 'react';
import { errorCatalogue } from '@open/protocol/errors';
import { CtiError } from '../../socket/cti-socket.js';
import { AfterCallWork, Calls, MissedCalls, TransferNoticeLine } from './CallPanel.js';
import { DevicesPage } from './DevicesPage.js';
import { DialPad } from './DialPad.js';
import { Directory } from './Directory.js';
import {
  dtmfCallOf,
  dtmfSent,
  missedSeen,
  unseenMissed,
  type PhonePage,
  type PhoneStore,
} from '../state/phone-store.js';
import type { T } from './phone-ui.js';
import { Records } from './Records.js';
import { Robot } from './Robot.js';
import { StatusBar } from './StatusBar.js';

type Run = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

interface Props {
  store: PhoneStore;
  run: Run;
  /** The devices page's: ask for the microphone so the browser names the devices; read them again. */
  devices: { allow: () => void; refresh: () => void };
  t: T;
  errorText: (name: string) => string;
  /** Takes the agent back from the tab that took them over. */
  takeOver: () => Promise<void>;
}

/** The phone: its states before it runs, then the status bar, the call and the pages. */
export function Phone({ store, run, devices, t, errorText, takeOver }: Props) {
  const state = useSyncExternalStore(store.subscribe, store.get);
  const [error, setError] = useState<string | null>(null);
  const act = (method: string, params?: Record<string, unknown>) => {
    setError(null);
    return run(method, params).catch((failure: unknown) => {
      setError(failure instanceof Error ? failure.message : String(failure));
      // An extension that cannot take the call says why, which the catalogued message cannot.
      if (failure instanceof CtiError && failure.code === errorCatalogue.extensionUnavailable.code) {
        const reason = (failure.data as { reason?: unknown } | null)?.reason;
        if (reason === 'offline' || reason === 'busy' || reason === 'unknown')
          setError(t(`softphone.ui.unavailable.${reason}`));
      }
      return undefined;
    });
  };
  // Opening the recent calls page is looking at the missed calls: the tab's badge goes.
  const onRecords = state.page === 'records' && !state.options.mini;
  const unseen = unseenMissed(state);
  useEffect(() => {
    if (onRecords && unseen > 0) store.set(missedSeen);
  }, [onRecords, unseen, store]);

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

  const { agent, tenant, options } = state;
  if (!agent || !tenant) return null;
  const call = state.calls[0];
  const dtmfCall = dtmfCallOf(state.calls);
  const keypadOnPage = !options.mini && options.dialPad && state.page === 'dialpad';
  const robot = options.assistantRobot && agent.assistant_robot;
  const pages: PhonePage[] = [
    'dialpad',
    'records',
    ...(options.internalCall ? (['directory'] as const) : []),
    ...(robot ? (['robot'] as const) : []),
    'devices',
  ];

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
                store.set({ devicesLost: [] });
              }}
            >
              {t('softphone.ui.dismiss')}
            </button>
          </p>
        )}
      </div>
      <TransferNoticeLine state={state} update={store.set} t={t} />
      <Calls state={state} keypadOnPage={keypadOnPage} update={store.set} {...{ act, t }} />
      {options.mini && <MissedCalls state={state} onlyUnseen update={store.set} t={t} />}
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
                {page === 'records' && unseen > 0 && (
                  <>
                    <span className="phone-badge" aria-hidden="true">
                      {unseen}
                    </span>
                    {/* The badge's number alone would be read as a bare number: say what it counts. */}
                    <span className="visually-hidden"> {t('softphone.ui.missed.badge', { total: unseen })}</span>
                  </>
                )}
              </button>
            ))}
          </nav>
          {state.page === 'dialpad' && options.dialPad && (
            <DialPad
              displayNumbers={tenant.display_numbers}
              displayNumber={agent.display_number}
              busy={call !== undefined}
              internalCall={options.internalCall}
              dtmfCall={dtmfCall?.call_id ?? null}
              sent={dtmfCall ? (state.dtmf[dtmfCall.call_id]?.sent ?? '') : ''}
              onSent={(callId, digits) => {
                store.set((current) => dtmfSent(current, callId, digits));
              }}
              {...{ act, t }}
            />
          )}
          {state.page === 'records' && (
            <>
              <MissedCalls state={state} onlyUnseen={false} update={store.set} t={t} />
              <Records {...{ act, t }} />
            </>
          )}
          {state.page === 'directory' && options.internalCall && (
            <Directory disabled={call !== undefined} {...{ act, t }} />
          )}
          {state.page === 'robot' && robot && <Robot lang={document.documentElement.lang} t={t} />}
          {state.page === 'devices' && state.devices && (
            <DevicesPage
              devices={state.devices}
              onChoose={(kind, deviceId) => {
                void act('setDevices', { [kind]: deviceId });
              }}
              onAllow={devices.allow}
              onOpened={devices.refresh}
              t={t}
            />
          )}
        </>
      )}
    </div>
  );
}
