import { Alert, Button, Form, Input, Space, Tag } from 'antd';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCatalogue } from '@open/protocol/errors';
import { PHONE_NUMBER_PATTERN } from '@open/protocol/softphone/catalogue';
import { useFeedback } from '../ui/feedback';
import { callServer, DemoCallError } from './demo-api';
import { stopPhone, useDemo } from './demo-store';
import { LivePanel } from './LivePanel';

/** A serverUrl's origin, or undefined for one that is not a web address. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Why the phone did not start, for a person: another server that does not let this page frame
 * its phone is named with the setting its operator changes.
 */
function useFailureText(): string {
  const { t } = useTranslation();
  const { failure, serverUrl } = useDemo();
  const server = originOf(serverUrl);
  if (failure?.code === errorCatalogue.cannotSend.code && server !== undefined && server !== location.origin) {
    return t('demo.phone.frameRefused', { server, page: location.origin });
  }
  return failure ? `${failure.code}: ${failure.message}` : t('demo.phone.loadFailed');
}

/**
 * The live phone beside the forms: the SDK mounts it in `container`. Below it, the simulated
 * public network's incoming call to the tenant, and the supervisor's view of the agents.
 */
export function PhonePanel({ container }: { container: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  const demo = useDemo();
  const failureText = useFailureText();

  return (
    <aside className="demo-phone-column" aria-label={t('demo.phone.title')}>
      <section className="panel demo-section">
        <div className="demo-phone-head">
          <h2>{t('demo.phone.title')}</h2>
          <PhaseTag />
          {demo.phase !== 'idle' && (
            <Button size="small" onClick={stopPhone} data-testid="demo-stop">
              {t('demo.phone.stop')}
            </Button>
          )}
        </div>
        {demo.agent && (
          <p className="muted" data-testid="demo-agent">
            {t('demo.phone.signedInAs', { name: demo.agent.name, extension: demo.agent.extension ?? '—' })}
          </p>
        )}
        {demo.phase === 'failed' && (
          <Alert type="error" showIcon className="demo-alert" data-testid="phone-error" title={failureText} />
        )}
        {demo.phase === 'idle' && <p className="muted">{t('demo.phone.idle')}</p>}
        <div ref={container} className="demo-phone-frame" data-testid="demo-phone" />
      </section>
      {demo.phase === 'ready' && <SimulatedCall />}
      {demo.phase === 'ready' && <LivePanel />}
    </aside>
  );
}

function PhaseTag() {
  const { t } = useTranslation();
  const { phase } = useDemo();
  const color = { idle: 'default', starting: 'processing', ready: 'success', failed: 'error' }[phase];
  return (
    <Tag color={color} data-testid="demo-phase" data-phase={phase}>
      {t(`demo.phase.${phase}`)}
    </Tag>
  );
}

/** The demo's button to the simulated network: a caller rings the tenant's queue. */
function SimulatedCall() {
  const { t, i18n } = useTranslation();
  const { formInvalid } = useFeedback();
  const demo = useDemo();
  const [placing, setPlacing] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const place = async ({ from }: { from: string }) => {
    if (!demo.token) return;
    setPlacing(true);
    try {
      const { queued } = await callServer(
        demo.serverUrl,
        'cti/simulate_inbound_call',
        { token: demo.token.token, from: from.trim() },
        i18n.language,
      );
      setOutcome({ ok: true, text: t('demo.inbound.placed', { queued }) });
    } catch (error) {
      setOutcome({
        ok: false,
        text:
          error instanceof DemoCallError && error.envelope
            ? `${error.envelope.code}: ${error.envelope.message}`
            : t('shell.common.networkError'),
      });
    } finally {
      setPlacing(false);
    }
  };

  return (
    <section className="panel demo-section" aria-labelledby="demo-inbound">
      <h2 id="demo-inbound">{t('demo.inbound.title')}</h2>
      <p className="muted">{t('demo.inbound.intro')}</p>
      <Form
        layout="inline"
        initialValues={{ from: '+8613912345678' }}
        onFinish={(values: { from: string }) => void place(values)}
        onFinishFailed={formInvalid}
      >
        <Form.Item
          name="from"
          rules={[
            { required: true, whitespace: true, message: t('demo.inbound.fromPrompt') },
            { pattern: PHONE_NUMBER_PATTERN, message: t('demo.inbound.fromInvalid') },
          ]}
        >
          <Input
            maxLength={32}
            aria-label={t('demo.inbound.from')}
            placeholder={t('demo.inbound.fromPrompt')}
            dir="ltr"
            data-testid="inbound-from"
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={placing} data-testid="inbound-call">
            {t('demo.inbound.place')}
          </Button>
        </Space>
      </Form>
      {outcome && (
        <Alert
          className="demo-alert"
          showIcon
          type={outcome.ok ? 'success' : 'error'}
          title={outcome.text}
          data-testid="inbound-result"
        />
      )}
    </section>
  );
}
