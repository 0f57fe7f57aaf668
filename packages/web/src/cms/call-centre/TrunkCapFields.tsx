import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { trunkCaps } from '@open/protocol/trunk';

/**
 * The trunk's caps: calls at once (the carrier's channels) and callers waiting at once. Left
 * empty, a field is no cap; past one, callers hear busy and agents are told every line is in use.
 */
export function TrunkCapFields() {
  const { t } = useTranslation();
  return (
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
  );
}
