import { otherParty, transferLine, type CallView } from '../state/phone-store.js';
import { isolate, type CallRole } from './call-heading.js';
import type { T } from './phone-ui.js';

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

/**
 * What a call's panel says about it under the number: whom the caller waits for, a transfer
 * under way, the screen-pop context, a supervisor listening or joined, digits the other party sent.
 */
export function CallNotes({
  call,
  role,
  consultWith,
  agentId,
  dtmfReceived,
  t,
}: {
  call: CallView;
  role: CallRole;
  /** With `waiting`: the consultation the caller waits for. */
  consultWith: CallView | null;
  agentId: string;
  /** The digits the other party sent on this call. */
  dtmfReceived: string;
  t: T;
}) {
  const supervisor = call.supervisors[0];
  const transfer = transferLine(call, agentId);
  return (
    <>
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
      {dtmfReceived !== '' && (
        <p className="muted">{t('softphone.ui.dtmf.received', { digits: isolate(dtmfReceived) })}</p>
      )}
    </>
  );
}
