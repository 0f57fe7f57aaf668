import { Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsTenant } from '@open/protocol/api';
import { useApiQuery } from '../../api/use-query';
import { useFeedback } from '../../ui/feedback';
import { Heading, MutedParagraph } from '../shared/text';
import { TrunkForm } from './TrunkForm';

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
