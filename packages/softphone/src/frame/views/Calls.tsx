import { Fragment } from 'react';
import {
  consultationOf,
  dtmfSent,
  otherParty,
  type CallView,
  type PhoneState,
  type PhoneStore,
} from '../state/phone-store.js';
import { headOf, statusOf, type CallRole } from './call-heading.js';
import { CallPanel } from './CallPanel.js';
import { MediaView } from './MediaView.js';
import type { Act, T } from './phone-ui.js';

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
  update: PhoneStore['set'];
  act: Act;
  t: T;
}) {
  const agent = state.agent;
  if (!agent) return null;
  const consultation = consultationOf(state.calls);
  const roleOf = (call: CallView): CallRole =>
    call === consultation?.waiting ? 'waiting' : call === consultation?.consult ? 'consult' : 'single';
  const ordered = consultation
    ? [consultation.waiting, consultation.consult, ...state.calls.filter((c) => roleOf(c) === 'single')]
    : state.calls;
  // One live region, always there, says what changed: a region that appears with a new call is
  // not read by every screen reader, and one around the call would read its timer every second.
  const summary = ordered
    .map((call) => `${headOf(call, roleOf(call), t)}: ${otherParty(call)}, ${statusOf(call, t)}`)
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
