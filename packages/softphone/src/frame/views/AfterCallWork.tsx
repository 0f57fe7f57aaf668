import { useNow, type Act, type T } from './phone-ui.js';

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
