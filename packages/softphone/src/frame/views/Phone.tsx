import { useEffect, useSyncExternalStore } from 'react';
import { missedSeen, unseenMissed, type PhoneStore } from '../state/phone-store.js';
import { AfterCallWork } from './AfterCallWork.js';
import { Calls } from './Calls.js';
import { MissedCalls } from './MissedCalls.js';
import { PhoneAlerts } from './PhoneAlerts.js';
import { PhoneNotRunning } from './PhoneNotRunning.js';
import { PhonePages } from './PhonePages.js';
import type { T } from './phone-ui.js';
import { StatusBar } from './StatusBar.js';
import { TransferNoticeLine } from './TransferNoticeLine.js';
import { useAct, type Run } from './use-act.js';

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
  const { error, dismiss, act } = useAct(run, t);
  // Opening the recent calls page is looking at the missed calls: the tab's badge goes.
  const onRecords = state.page === 'records' && !state.options.mini;
  const unseen = unseenMissed(state);
  useEffect(() => {
    if (onRecords && unseen > 0) store.set(missedSeen);
  }, [onRecords, unseen, store]);

  if (state.phase !== 'running') return <PhoneNotRunning {...{ state, t, errorText, takeOver }} />;

  const { agent, tenant, options } = state;
  if (!agent || !tenant) return null;
  const keypadOnPage = !options.mini && options.dialPad && state.page === 'dialpad';

  return (
    <div className={options.mini ? 'phone phone-mini' : 'phone'}>
      {options.statusBar && <StatusBar {...{ state, act, t }} />}
      <PhoneAlerts state={state} error={error} onDismissError={dismiss} update={store.set} t={t} />
      <TransferNoticeLine state={state} update={store.set} t={t} />
      <Calls state={state} keypadOnPage={keypadOnPage} update={store.set} {...{ act, t }} />
      {options.mini && <MissedCalls state={state} onlyUnseen update={store.set} t={t} />}
      {agent.status === 'acw' && agent.acw_until && (
        <AfterCallWork
          until={agent.acw_until}
          codes={tenant.wrap_up_codes}
          wrapUp={state.wrapUp?.wrap_up ?? null}
          {...{ act, t }}
        />
      )}
      {!options.mini && <PhonePages {...{ state, agent, tenant, unseen, devices, act, t }} update={store.set} />}
    </div>
  );
}
