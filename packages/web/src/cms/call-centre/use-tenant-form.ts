import { Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsTenant } from '@open/protocol/api';
import { DEFAULT_LANG, type Lang } from '@open/protocol/locales';
import { call } from '../../api/client';
import { useModalForm, type ModalForm } from '../shared/use-modal-form';
import { normalizePhoneNumber } from './fields';

/** The values of the tenant dialog's form. */
export interface TenantValues {
  name: string;
  default_lang: Lang;
  acw_seconds: number;
  not_ready_reasons: { id: string; name: string }[];
  wrap_up_codes: { id: string; name: string }[];
  display_numbers: string[];
  /** The number being typed, not yet in the list: added on Enter, with the button, or on save. */
  number_draft: string;
}

/** The tenant dialog's form, with the displayed numbers it holds and the way to add the one typed. */
export interface TenantForm {
  modal: ModalForm<TenantValues>;
  /** The displayed numbers in the list (not the one being typed). */
  numbers: string[];
  /** Adds the number being typed to the list, once its field takes it. */
  addDraft: () => Promise<void>;
}

/** The form of `TenantFormModal`: filled from `tenant` (empty for a new one) and saved through the API. */
export function useTenantForm(tenant: CmsTenant | undefined, onSaved: (tenant: CmsTenant) => void): TenantForm {
  const { t } = useTranslation();
  const modal = useModalForm<TenantValues, CmsTenant>({
    save: (values) => {
      const draft = normalizePhoneNumber(values.number_draft);
      return call('cms/set_tenant_info', {
        ...(tenant ? { _id: tenant._id } : {}),
        name: values.name.trim(),
        default_lang: values.default_lang,
        acw_seconds: values.acw_seconds,
        not_ready_reasons: values.not_ready_reasons.map((reason) => ({ id: reason.id, name: reason.name.trim() })),
        wrap_up_codes: values.wrap_up_codes.map((code) => ({ id: code.id, name: code.name.trim() })),
        display_numbers: draft ? [...values.display_numbers, draft] : values.display_numbers,
      });
    },
    success: t('cms.callCentre.tenantSaved'),
    onSaved,
    // The numbers show as tags, not one field each: a refused number is said under the list.
    whole: ['display_numbers'],
  });
  const { form } = modal;
  // Undefined until the form has its values.
  const numbers = Form.useWatch<string[] | undefined>('display_numbers', form) ?? [];

  useEffect(() => {
    form.setFieldsValue({
      name: tenant?.name ?? '',
      default_lang: (tenant?.default_lang as Lang | undefined) ?? DEFAULT_LANG,
      acw_seconds: tenant?.acw_seconds ?? 15,
      not_ready_reasons: tenant?.not_ready_reasons ?? [],
      wrap_up_codes: tenant?.wrap_up_codes ?? [],
      display_numbers: tenant?.display_numbers ?? [],
      number_draft: '',
    });
  }, [tenant, form]);

  const addDraft = async () => {
    try {
      const { number_draft: draft } = await form.validateFields(['number_draft']);
      const number = normalizePhoneNumber(draft);
      if (!number) return;
      form.setFieldsValue({ display_numbers: [...numbers, number], number_draft: '' });
    } catch {
      // The field shows why.
    }
  };

  return { modal, numbers, addDraft };
}
