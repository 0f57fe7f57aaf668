import { Button, Form, Popconfirm, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsTenant, CmsTrunk } from '@open/protocol/api';
import { verdict } from './fields';
import { TrunkCapFields } from './TrunkCapFields';
import { TrunkCarrierFields } from './TrunkCarrierFields';
import { TrunkConnectionFields } from './TrunkConnectionFields';
import { TrunkDialPlanFields } from './TrunkDialPlanFields';
import { TrunkTags } from './TrunkTags';
import {
  listProblem,
  tidyAddresses,
  tidyNumbers,
  trunkListMax,
  trunkValues,
  type TrunkList,
  type TrunkValues,
} from './trunk-fields';
import { useTrunkForm } from './use-trunk-form';

/** An example address, isolated left to right so it reads the same in right-to-left text. */
const EXAMPLE_SOURCE = '\u2066203.0.113.0/24\u2069';

/** The trunk's form, filled with what the server holds (`saved` null: a new trunk). */
export function TrunkForm({
  tenant,
  saved,
  onChanged,
}: {
  tenant: CmsTenant;
  saved: CmsTrunk | null;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { form, saving, submit, remove, clearPassword, setClearPassword } = useTrunkForm(tenant, onChanged);

  return (
    <>
      <Form<TrunkValues>
        form={form}
        name="trunk"
        layout="vertical"
        initialValues={trunkValues(saved)}
        onFinish={() => void submit()}
        className="cc-trunk-form"
        data-testid="trunk-form"
      >
        <Form.Item label={t('cms.trunk.enabled')} name="enabled" valuePropName="checked">
          <Switch data-testid="trunk-enabled" />
        </Form.Item>
        <TrunkConnectionFields
          hasPassword={saved?.has_password ?? false}
          clearPassword={clearPassword}
          onClearPassword={setClearPassword}
        />
        <TrunkCarrierFields carriers={saved?.carriers ?? []} />
        <TrunkCapFields />
        <TrunkListFields />
        <TrunkDialPlanFields />
        <div className="cc-trunk-actions">
          <Button type="primary" htmlType="submit" loading={saving} data-testid="trunk-save">
            {t('shell.common.save')}
          </Button>
          <Popconfirm
            title={t('cms.trunk.removeConfirm', { name: tenant.name })}
            description={<span className="cc-confirm-text">{t('cms.trunk.removeWarning')}</span>}
            okText={t('shell.common.ok')}
            cancelText={t('shell.common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => void remove()}
          >
            <Button danger disabled={!saved} data-testid="trunk-remove">
              {t('cms.trunk.remove')}
            </Button>
          </Popconfirm>
        </div>
      </Form>
    </>
  );
}

/** The trunk's lists as tags: the addresses calls are taken from, its DIDs and the numbers it may present. */
function TrunkListFields() {
  const { t } = useTranslation();
  const listRule = (list: TrunkList) => ({
    validator: (_: unknown, value: string[] | undefined) => verdict(listProblem(t, list, value ?? [])),
  });
  return (
    <>
      <Form.Item
        label={t('cms.trunk.sources')}
        name="allowed_sources"
        extra={t('cms.trunk.sourcesHelp', { example: EXAMPLE_SOURCE, max: trunkListMax.allowed_sources })}
        normalize={tidyAddresses}
        rules={[listRule('allowed_sources')]}
      >
        <TrunkTags list="allowed_sources" data-testid="trunk-sources" />
      </Form.Item>
      <Form.Item
        label={t('cms.trunk.dids')}
        name="dids"
        extra={t('cms.trunk.didsHelp', { max: trunkListMax.dids })}
        normalize={tidyNumbers}
        rules={[listRule('dids')]}
      >
        <TrunkTags list="dids" data-testid="trunk-dids" />
      </Form.Item>
      <Form.Item
        label={t('cms.trunk.displayNumbers')}
        name="display_numbers"
        extra={t('cms.trunk.displayNumbersHelp', { max: trunkListMax.display_numbers })}
        normalize={tidyNumbers}
        rules={[listRule('display_numbers')]}
      >
        <TrunkTags list="display_numbers" data-testid="trunk-display-numbers" />
      </Form.Item>
    </>
  );
}
