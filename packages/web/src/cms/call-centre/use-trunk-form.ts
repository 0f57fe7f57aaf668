import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsTenant, CmsTrunk } from '@open/protocol/api';
import { call } from '../../api/client';
import { useFeedback } from '../../ui/feedback';
import { useModalForm } from '../shared/use-modal-form';
import { trunkBody, trunkFieldErrors, type TrunkValues } from './trunk-fields';

/**
 * The form of `TrunkForm`: saves the tenant's trunk (removing its saved password when
 * `clearPassword` is set) or removes the trunk; `onChanged` after either, however it went.
 */
export function useTrunkForm(tenant: CmsTenant, onChanged: () => void) {
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

  return { form, saving, submit, remove, clearPassword, setClearPassword };
}
