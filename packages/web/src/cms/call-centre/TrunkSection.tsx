import { CloseOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Popconfirm, Select, Switch, Tag, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsTenant, CmsTrunk } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { trunkTransports } from '@open/protocol/trunk';
import { call } from '../../api/client';
import { useApiQuery } from '../../api/use-query';
import { useFeedback } from '../../ui/feedback';
import { Heading, MutedParagraph } from '../shared/text';
import { useModalForm } from '../shared/use-modal-form';
import { verdict } from './fields';
import {
  hostFits,
  listProblem,
  refusedEntries,
  tidyAddresses,
  tidyNumbers,
  trunkBody,
  trunkFieldErrors,
  trunkListMax,
  trunkValues,
  usernameFits,
  type TrunkList,
  type TrunkValues,
} from './trunk-fields';

/** An example address, isolated left to right so it reads the same in right-to-left text. */
const EXAMPLE_SOURCE = '\u2066203.0.113.0/24\u2069';

type TagProps = Parameters<NonNullable<SelectProps['tagRender']>>[0];

/** One list of the trunk (addresses, DIDs, numbers to present) as tags typed one by one or pasted. */
function TrunkTags(props: {
  list: TrunkList;
  value?: string[];
  onChange?: (next: string[]) => void;
  id?: string;
  'aria-describedby'?: string;
  'data-testid': string;
}) {
  const { list, value = [], onChange, ...rest } = props;
  const { t } = useTranslation();
  const refused = new Set(refusedEntries(list, value));
  const tag = ({ value: entry, closable, onClose }: TagProps) => {
    const text = String(entry);
    return (
      <Tag
        color={refused.has(text) ? 'error' : undefined}
        closable={closable}
        closeIcon={<CloseOutlined aria-label={t('cms.callCentre.numberRemove', { number: text })} />}
        onClose={onClose}
        // Clicking a tag must not open the list under it.
        onMouseDown={(event) => {
          event.preventDefault();
          event.stopPropagation();
        }}
        className="cc-trunk-tag"
      >
        <span className="cc-ltr">{text}</span>
      </Tag>
    );
  };
  return (
    <Select
      {...rest}
      mode="tags"
      value={value}
      onChange={onChange}
      tagRender={tag}
      // Addresses never hold a space; a number may ('+49 30 1234'), so only commas split those.
      tokenSeparators={list === 'allowed_sources' ? [',', ';', ' '] : [',', ';']}
      suffix={null}
      notFoundContent={null}
      // The box reads left to right; the hint reads in the page's own direction.
      placeholder={<span dir="auto">{t('cms.trunk.tagsPlaceholder')}</span>}
      className="cc-ltr-input"
    />
  );
}

/**
 * The selected tenant's SIP trunk (docs/TELEPHONY.md): switched on or off, the carrier's server,
 * its login, the addresses calls are taken from, the numbers that ring the tenant and the
 * numbers it may present. The password is never shown, only whether one is saved.
 */
export function TrunkSection({ tenant }: { tenant: CmsTenant }) {
  const { t } = useTranslation();
  const { fail } = useFeedback();
  const trunk = useApiQuery('cms/get_trunk', { tenant_id: tenant._id });
  /** Undefined until the first answer; null: the tenant has no trunk yet. */
  const saved = trunk.data;

  useEffect(() => {
    if (trunk.error) fail(trunk.error);
  }, [trunk.error, fail]);

  const status =
    saved === undefined ? null : saved === null ? (
      <Tag data-testid="trunk-status">{t('cms.trunk.statusNone')}</Tag>
    ) : (
      <Tag color={saved.enabled ? 'green' : undefined} data-testid="trunk-status">
        {t(saved.enabled ? 'cms.callCentre.on' : 'cms.callCentre.off')}
      </Tag>
    );

  return (
    <section className="cc-trunk" aria-labelledby="cc-trunk-title" data-testid="trunk-section">
      <div className="cms-toolbar cc-trunk-toolbar">
        <Heading level={5} id="cc-trunk-title" className="cc-section-title">
          {t('cms.trunk.title', { name: tenant.name })} {status}
        </Heading>
      </div>
      <MutedParagraph>{t('cms.trunk.intro')}</MutedParagraph>
      {/* A form per answer: each save or removal starts it again from what the server holds. */}
      {saved !== undefined && (
        <TrunkForm key={saved?.updated_at ?? 'none'} tenant={tenant} saved={saved} onChanged={trunk.retry} />
      )}
    </section>
  );
}

/** The trunk's form, filled with what the server holds (`saved` null: a new trunk). */
function TrunkForm({ tenant, saved, onChanged }: { tenant: CmsTenant; saved: CmsTrunk | null; onChanged: () => void }) {
  const { t } = useTranslation();
  const { fail, done } = useFeedback();
  const [clearPassword, setClearPassword] = useState(false);
  const { form, saving, submit } = useModalForm<TrunkValues, CmsTrunk>({
    save: (values) => call('cms/set_trunk', trunkBody(tenant._id, values, clearPassword)),
    success: t('cms.trunk.saved'),
    onSaved: onChanged,
    placeErrors: (error, values) => trunkFieldErrors(error, values, t),
  });

  const remove = async () => {
    try {
      await call('cms/remove_trunk', { tenant_id: tenant._id });
      done(t('cms.trunk.removed'));
    } catch (error) {
      fail(error);
    }
    onChanged();
  };

  const listRule = (list: TrunkList) => ({
    validator: (_: unknown, value: string[] | undefined) => verdict(listProblem(t, list, value ?? [])),
  });

  const hasPassword = saved?.has_password ?? false;
  const passwordHelp = !hasPassword
    ? t('cms.trunk.passwordNone')
    : clearPassword
      ? t('cms.trunk.passwordCleared')
      : t('cms.trunk.passwordSaved');

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
        <div className="cc-form-pair">
          <Form.Item
            label={t('cms.trunk.host')}
            name="host"
            extra={t('cms.trunk.hostHelp')}
            rules={[
              { required: true, whitespace: true, message: t('cms.trunk.hostRequired') },
              {
                validator: (_, value: string | undefined) =>
                  verdict(Boolean(value?.trim()) && !hostFits(value ?? '') && t('cms.trunk.hostRule')),
              },
            ]}
          >
            <Input
              maxLength={limits.trunkHost}
              autoComplete="off"
              spellCheck={false}
              className="cc-ltr-input"
              data-testid="trunk-host"
            />
          </Form.Item>
          <div className="cc-form-pair">
            <Form.Item
              label={t('cms.trunk.port')}
              name="port"
              rules={[{ required: true, message: t('cms.trunk.portRequired') }]}
            >
              <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} data-testid="trunk-port" />
            </Form.Item>
            <Form.Item label={t('cms.trunk.transport')} name="transport">
              <Select
                options={trunkTransports.map((transport) => ({ value: transport, label: transport.toUpperCase() }))}
                data-testid="trunk-transport"
              />
            </Form.Item>
          </div>
          <Form.Item
            label={t('cms.trunk.username')}
            name="username"
            extra={t('cms.trunk.usernameHelp')}
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) => {
                  const username = value ?? '';
                  if (!usernameFits(username)) return verdict(t('cms.trunk.usernameRule'));
                  const password = getFieldValue('password') as string | undefined;
                  return verdict(!username.trim() && Boolean(password) && t('cms.trunk.usernameRequired'));
                },
              }),
            ]}
          >
            <Input
              maxLength={limits.trunkUsername}
              autoComplete="off"
              spellCheck={false}
              className="cc-ltr-input"
              data-testid="trunk-username"
            />
          </Form.Item>
          <Form.Item
            label={t('cms.trunk.password')}
            name="password"
            extra={
              <span className="cc-trunk-password-help" data-testid="trunk-password-help">
                {passwordHelp}{' '}
                {hasPassword && (
                  <Button
                    type="link"
                    size="small"
                    className="cc-trunk-password-toggle"
                    onClick={() => {
                      setClearPassword(!clearPassword);
                    }}
                    data-testid="trunk-password-clear"
                  >
                    {t(clearPassword ? 'cms.trunk.passwordKeep' : 'cms.trunk.passwordClear')}
                  </Button>
                )}
              </span>
            }
          >
            <Input.Password maxLength={limits.password} autoComplete="new-password" data-testid="trunk-password" />
          </Form.Item>
        </div>
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
