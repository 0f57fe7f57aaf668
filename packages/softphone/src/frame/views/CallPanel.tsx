import { useId, useRef, useState } from 'react';
import { isOffered, otherParty, type CallView } from '../state/phone-store.js';
import { CallActions } from './CallActions.js';
import { headOf, statusOf, type CallRole } from './call-heading.js';
import { CallNotes } from './CallNotes.js';
import { DtmfPad } from './DialPad.js';
import { clock, useNow, type Act, type T } from './phone-ui.js';
import { TransferForm } from './TransferForm.js';

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
  role: CallRole;
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
  const inConversation = call.call_status === 'talking' || call.call_status === 'held';
  const talkingFor = call.answered_at ? Math.max(0, Math.round((now - Date.parse(call.answered_at)) / 1000)) : 0;
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
        <span>{statusOf(call, t)}</span>
        {call.answered_at && <span className="call-timer">{clock(talkingFor)}</span>}
      </div>
      {/* Isolated, not forced left to right: the line keeps the phone's side in Arabic, a number
          reads left to right, and a colleague's name in an RTL script reads right to left. */}
      <div className="call-number">
        <bdi>{otherParty(call)}</bdi>
      </div>
      <CallNotes
        call={call}
        role={role}
        consultWith={consultWith}
        agentId={agentId}
        dtmfReceived={dtmf.received}
        t={t}
      />
      <CallActions
        call={call}
        role={role}
        offered={isOffered(call, extension)}
        canTransfer={canTransfer}
        keypadOnPage={keypadOnPage}
        keypad={{
          open: keypad,
          controls: keypadId,
          onToggle: () => {
            setKeypad(!keypad);
          },
        }}
        transfer={{
          open: transferring,
          controls: formId,
          onToggle: () => {
            setTransferring((open) => !open);
          },
        }}
        transferButton={transferButton}
        act={act}
        t={t}
      />
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
