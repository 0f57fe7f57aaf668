import { DevicesPage } from './DevicesPage.js';
import { DialPad } from './DialPad.js';
import { Directory } from './Directory.js';
import { MissedCalls } from './MissedCalls.js';
import { dtmfCallOf, dtmfSent, type PhonePage, type PhoneState, type PhoneStore } from '../state/phone-store.js';
import type { Act, T } from './phone-ui.js';
import { Records } from './Records.js';
import { Robot } from './Robot.js';

type Agent = NonNullable<PhoneState['agent']>;
type Tenant = NonNullable<PhoneState['tenant']>;

/** The full phone's pages under the call: their tabs, then the page chosen. */
export function PhonePages({
  state,
  agent,
  tenant,
  unseen,
  update,
  devices,
  act,
  t,
}: {
  state: PhoneState;
  agent: Agent;
  tenant: Tenant;
  /** Missed calls not seen yet: the recent calls tab's badge. */
  unseen: number;
  update: PhoneStore['set'];
  /** The devices page's: ask for the microphone so the browser names the devices; read them again. */
  devices: { allow: () => void; refresh: () => void };
  act: Act;
  t: T;
}) {
  const { options } = state;
  const call = state.calls[0];
  const dtmfCall = dtmfCallOf(state.calls);
  const robot = options.assistantRobot && agent.assistant_robot;
  const pages: PhonePage[] = [
    'dialpad',
    'records',
    ...(options.internalCall ? (['directory'] as const) : []),
    ...(robot ? (['robot'] as const) : []),
    'devices',
  ];
  return (
    <>
      <PhoneTabs pages={pages} page={state.page} unseen={unseen} update={update} t={t} />
      {state.page === 'dialpad' && options.dialPad && (
        <DialPad
          displayNumbers={tenant.display_numbers}
          displayNumber={agent.display_number}
          busy={call !== undefined}
          internalCall={options.internalCall}
          dtmfCall={dtmfCall?.call_id ?? null}
          sent={dtmfCall ? (state.dtmf[dtmfCall.call_id]?.sent ?? '') : ''}
          onSent={(callId, digits) => {
            update((current) => dtmfSent(current, callId, digits));
          }}
          {...{ act, t }}
        />
      )}
      {state.page === 'records' && (
        <>
          <MissedCalls state={state} onlyUnseen={false} update={update} t={t} />
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
  );
}

function PhoneTabs({
  pages,
  page: shown,
  unseen,
  update,
  t,
}: {
  pages: PhonePage[];
  page: PhonePage;
  unseen: number;
  update: PhoneStore['set'];
  t: T;
}) {
  return (
    <nav className="phone-tabs" role="tablist">
      {pages.map((page) => (
        <button
          key={page}
          type="button"
          role="tab"
          aria-selected={shown === page}
          onClick={() => {
            update({ page });
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
  );
}
