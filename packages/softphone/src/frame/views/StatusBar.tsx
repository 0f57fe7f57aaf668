import type { PhoneState } from '../state/phone-store.js';
import type { Act, T } from './phone-ui.js';
import { statusLabelKey } from './status-label.js';

/** The top status bar: who, their status and reason, the connection, check-in and check-out. */
export function StatusBar({ state, act, t }: { state: PhoneState; act: Act; t: T }) {
  const agent = state.agent;
  const tenant = state.tenant;
  if (!agent || !tenant) return null;
  const connection =
    state.socket === 'open'
      ? t('softphone.ui.socket.open')
      : state.attempt > 0
        ? t('softphone.ui.socket.reconnecting', { attempt: state.attempt })
        : t(`softphone.ui.socket.${state.socket}`);
  const label = statusLabelKey(agent, state.calls);
  const onCall = label === 'softphone.ui.onCall';
  // During a call the not-ready reason no longer describes what the agent is doing.
  const reason = onCall ? undefined : tenant.not_ready_reasons.find((r) => r.id === agent.reason_id);
  return (
    <header className="phone-bar">
      <div className="phone-who">
        <strong>{agent.name}</strong> {agent.extension && <span className="muted">{agent.extension}</span>}
      </div>
      <div
        className={`phone-status status-${onCall ? 'onCall' : agent.status}`}
        data-testid="agent-status"
        data-status={agent.status}
        // A live region: a screen reader hears the status change, whoever changed it.
        role="status"
      >
        {t(label)}
        {reason ? ` · ${reason.name}` : ''}
      </div>
      <div className={`phone-link link-${state.socket}`} data-testid="connection" role="status">
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
