import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Switch, Tag, type FormListFieldData } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsTrunk } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { DEFAULT_SIP_PORT, trunkFailover } from '@open/protocol/trunk';
import { formatTime } from '../../ui/format';
import { verdict } from './fields';
import { hostFits, sameCarrierHost, type TrunkValues } from './trunk-fields';

/**
 * The carrier's other servers (the form's `failover_hosts`), tried in order after the trunk's
 * host, and each server's state as the node's OPTIONS pings last found it (`carriers`, for a
 * saved trunk).
 */
export function TrunkCarrierFields({ carriers }: { carriers: CmsTrunk['carriers'] }) {
  const { t } = useTranslation();
  return (
    <fieldset className="cc-dial-plan" data-testid="trunk-carriers">
      <legend>{t('cms.trunk.carriers')}</legend>
      <p className="cc-dial-plan-intro">{t('cms.trunk.carriersIntro', { max: trunkFailover.hostsMax })}</p>
      <Form.Item
        label={t('cms.trunk.optionsPing')}
        name="options_ping"
        valuePropName="checked"
        extra={t('cms.trunk.optionsPingHelp')}
      >
        <Switch data-testid="trunk-options-ping" />
      </Form.Item>
      <Form.List name="failover_hosts">
        {(fields, { add, remove }) => (
          <div className="cc-reasons">
            {fields.map((field) => (
              <FailoverRow
                key={field.key}
                field={field}
                onRemove={() => {
                  remove(field.name);
                }}
              />
            ))}
            <Form.Item>
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= trunkFailover.hostsMax}
                onClick={() => {
                  add({ host: '', port: DEFAULT_SIP_PORT });
                }}
                data-testid="trunk-failover-add"
              >
                {t('cms.trunk.addFailover')}
              </Button>
            </Form.Item>
          </div>
        )}
      </Form.List>
      {carriers.length > 0 && <CarrierStates carriers={carriers} />}
    </fieldset>
  );
}

/** One failover server: its host (a server the trunk names once), its port, a button removing it. */
function FailoverRow({ field, onRemove }: { field: FormListFieldData; onRemove: () => void }) {
  const { t } = useTranslation();
  const n = field.name + 1;
  return (
    <div className="cc-reason-row cc-failover-row" data-testid="trunk-failover-row">
      <Form.Item
        name={[field.name, 'host']}
        rules={[
          { required: true, whitespace: true, message: t('cms.trunk.hostRequired') },
          ({ getFieldsValue }) => ({
            validator: (_, value: string | undefined) => {
              if (!value?.trim()) return verdict(false);
              if (!hostFits(value)) return verdict(t('cms.trunk.hostRule'));
              const values = getFieldsValue(true) as TrunkValues;
              return verdict(sameCarrierHost(values, field.name) && t('cms.trunk.failoverDuplicate'));
            },
          }),
        ]}
      >
        <Input
          maxLength={limits.trunkHost}
          aria-label={t('cms.trunk.failoverHost', { n })}
          placeholder={t('cms.trunk.failoverHost', { n })}
          autoComplete="off"
          spellCheck={false}
          className="cc-ltr-input"
          data-testid="trunk-failover-host"
        />
      </Form.Item>
      <Form.Item name={[field.name, 'port']} rules={[{ required: true, message: t('cms.trunk.portRequired') }]}>
        <InputNumber
          min={1}
          max={65535}
          precision={0}
          aria-label={t('cms.trunk.failoverPort', { n })}
          style={{ width: '100%' }}
          data-testid="trunk-failover-port"
        />
      </Form.Item>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('cms.trunk.removeFailover', { n })}
        title={t('cms.trunk.removeFailover', { n })}
        onClick={onRemove}
      />
    </div>
  );
}

/** Each saved server, as the node last found it: answering with its round trip, down since when, or not checked yet. */
function CarrierStates({ carriers }: { carriers: CmsTrunk['carriers'] }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="cc-carrier-states" data-testid="trunk-carrier-states">
      <p className="cc-carrier-states-title">{t('cms.trunk.carrierStatus')}</p>
      <ul>
        {carriers.map((carrier) => {
          const state =
            carrier.state === 'up' ? (
              <Tag color="green">{t('cms.trunk.carrierUp', { ms: Math.round(carrier.round_trip_ms ?? 0) })}</Tag>
            ) : carrier.state === 'down' ? (
              <Tag color="red">
                {t('cms.trunk.carrierDown', { time: formatTime(carrier.since ?? '', i18n.language) })}
              </Tag>
            ) : (
              <Tag>{t('cms.trunk.carrierUnchecked')}</Tag>
            );
          return (
            <li key={`${carrier.host}:${carrier.port}`} data-testid="trunk-carrier-state" data-state={carrier.state}>
              <bdi className="cc-carrier-host">{`${carrier.host}:${carrier.port}`}</bdi> {state}
              {carrier.state === 'down' && carrier.last_answer_at && (
                <span className="cc-carrier-last">
                  {t('cms.trunk.carrierLastAnswer', { time: formatTime(carrier.last_answer_at, i18n.language) })}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
