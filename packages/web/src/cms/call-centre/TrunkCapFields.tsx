import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { farEndSilence, trunkCaps } from '@open/protocol/trunk';

/** The trunk's number fields; each has a help text, its key with `Help`. */
type NumberLabel = 'cms.trunk.maxCalls' | 'cms.trunk.maxWaiting' | 'cms.trunk.farEndSilence';

/** A whole number the trunk form takes between `min` and `max`; left empty, null (no cap, never). */
function WholeNumberField({
  name,
  label,
  min,
  max,
  testId,
  narrow = false,
}: {
  name: string;
  label: NumberLabel;
  min: number;
  max: number;
  testId: string;
  narrow?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t(label)} name={name} extra={t(`${label}Help` as const)}>
      <InputNumber
        min={min}
        max={max}
        precision={0}
        style={{ width: '100%', ...(narrow ? { maxWidth: 200 } : {}) }}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/**
 * The trunk's caps: calls at once (the carrier's channels) and callers waiting at once. Left
 * empty, a field is no cap; past one, callers hear busy and agents are told every line is in use.
 * Then how long a call's carrier may send no audio before the call is ended (empty: never).
 */
export function TrunkCapFields() {
  return (
    <>
      <div className="cc-form-pair">
        <WholeNumberField
          name="max_calls"
          label="cms.trunk.maxCalls"
          min={1}
          max={trunkCaps.largest}
          testId="trunk-max-calls"
        />
        <WholeNumberField
          name="max_waiting"
          label="cms.trunk.maxWaiting"
          min={0}
          max={trunkCaps.largest}
          testId="trunk-max-waiting"
        />
      </div>
      <WholeNumberField
        name="far_end_silence_seconds"
        label="cms.trunk.farEndSilence"
        min={farEndSilence.smallest}
        max={farEndSilence.largest}
        testId="trunk-far-end-silence"
        narrow
      />
    </>
  );
}
