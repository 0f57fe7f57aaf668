import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { farEndSilence, trunkCaps } from '@open/protocol/trunk';

/**
 * The trunk's caps: calls at once (the carrier's channels) and callers waiting at once. Left
 * empty, a field is no cap; past one, callers hear busy and agents are told every line is in use.
 * Then how long a call's carrier may send no audio before the call is ended (empty: never).
 */
export function TrunkCapFields() {
  const { t } = useTranslation();
  return (
    <>
      <div className="cc-form-pair">
        <Form.Item label={t('cms.trunk.maxCalls')} name="max_calls" extra={t('cms.trunk.maxCallsHelp')}>
          <InputNumber
            min={1}
            max={trunkCaps.largest}
            precision={0}
            style={{ width: '100%' }}
            data-testid="trunk-max-calls"
          />
        </Form.Item>
        <Form.Item label={t('cms.trunk.maxWaiting')} name="max_waiting" extra={t('cms.trunk.maxWaitingHelp')}>
          <InputNumber
            min={0}
            max={trunkCaps.largest}
            precision={0}
            style={{ width: '100%' }}
            data-testid="trunk-max-waiting"
          />
        </Form.Item>
      </div>
      <Form.Item
        label={t('cms.trunk.farEndSilence')}
        name="far_end_silence_seconds"
        extra={t('cms.trunk.farEndSilenceHelp')}
      >
        <InputNumber
          min={farEndSilence.smallest}
          max={farEndSilence.largest}
          precision={0}
          style={{ width: '100%', maxWidth: 200 }}
          data-testid="trunk-far-end-silence"
        />
      </Form.Item>
    </>
  );
}
