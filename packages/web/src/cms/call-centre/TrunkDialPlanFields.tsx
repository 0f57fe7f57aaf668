import { Button, Form, Radio, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultShortNumbers, dialPlanCountries, internationalDialling } from '@open/protocol/dial-plan';
import { verdict } from './fields';
import { TrunkTags } from './TrunkTags';
import { listProblem, tidyNumbers, trunkListMax, type TrunkList, type TrunkValues } from './trunk-fields';

const internationalLabel = {
  nobody: 'cms.trunk.internationalNobody',
  supervisors: 'cms.trunk.internationalSupervisors',
  everyone: 'cms.trunk.internationalEveryone',
} as const;

/** The countries by their names in the page's language (the browser's own, Intl.DisplayNames). */
function useCountryOptions(lang: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames([lang], { type: 'region' });
    return dialPlanCountries
      .map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }))
      .sort((a, b) => a.label.localeCompare(b.label, lang));
  }, [lang]);
}

/**
 * The trunk's dial plan (docs/TELEPHONY.md): its country, the short numbers it carries although
 * they look like extensions, who may call abroad, and the prefixes always refused or let out.
 * Choosing a country fills an empty list of short numbers with its emergency numbers.
 */
export function TrunkDialPlanFields() {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance<TrunkValues>();
  const country = Form.useWatch('country', form);
  const countries = useCountryOptions(i18n.language);
  const countryName = countries.find((option) => option.value === country)?.label ?? country;
  const listRule = (list: TrunkList) => ({
    validator: (_: unknown, value: string[] | undefined) => verdict(listProblem(t, list, value ?? [])),
  });
  const shortNumbers = (): string[] => (form.getFieldValue('short_numbers') as string[] | undefined) ?? [];
  const addEmergency = (code: string) => {
    form.setFieldValue('short_numbers', tidyNumbers([...shortNumbers(), ...defaultShortNumbers(code)]));
    void form.validateFields(['short_numbers']);
  };

  return (
    <fieldset className="cc-dial-plan" data-testid="trunk-dial-plan">
      <legend>{t('cms.trunk.dialPlan')}</legend>
      <p className="cc-dial-plan-intro">{t('cms.trunk.dialPlanIntro')}</p>
      <Form.Item label={t('cms.trunk.country')} name="country" extra={t('cms.trunk.countryHelp')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={[{ value: '', label: t('cms.trunk.countryNone') }, ...countries]}
          onChange={(code: string) => {
            if (code && !shortNumbers().length) addEmergency(code);
          }}
          data-testid="trunk-country"
        />
      </Form.Item>
      <Form.Item
        label={t('cms.trunk.shortNumbers')}
        // The label names the list inside, which Form.Item names trunk_<field> in the form "trunk".
        htmlFor="trunk_short_numbers"
        extra={t('cms.trunk.shortNumbersHelp', { max: trunkListMax.short_numbers })}
      >
        <Form.Item name="short_numbers" noStyle normalize={tidyNumbers} rules={[listRule('short_numbers')]}>
          <TrunkTags list="short_numbers" data-testid="trunk-short-numbers" />
        </Form.Item>
        {country && (
          <Button
            type="link"
            className="cc-dial-plan-add"
            onClick={() => {
              addEmergency(country);
            }}
          >
            {t('cms.trunk.addEmergency', { country: countryName })}
          </Button>
        )}
      </Form.Item>
      <Form.Item label={t('cms.trunk.international')} name="international">
        <Radio.Group
          options={internationalDialling.map((value) => ({ value, label: t(internationalLabel[value]) }))}
          data-testid="trunk-international"
        />
      </Form.Item>
      <div className="cc-form-pair">
        <Form.Item
          label={t('cms.trunk.blockedPrefixes')}
          name="blocked_prefixes"
          extra={t('cms.trunk.blockedPrefixesHelp', { max: trunkListMax.blocked_prefixes })}
          normalize={tidyNumbers}
          rules={[listRule('blocked_prefixes')]}
        >
          <TrunkTags list="blocked_prefixes" data-testid="trunk-blocked-prefixes" />
        </Form.Item>
        <Form.Item
          label={t('cms.trunk.allowedPrefixes')}
          name="allowed_prefixes"
          extra={t('cms.trunk.allowedPrefixesHelp', { max: trunkListMax.allowed_prefixes })}
          normalize={tidyNumbers}
          rules={[listRule('allowed_prefixes')]}
        >
          <TrunkTags list="allowed_prefixes" data-testid="trunk-allowed-prefixes" />
        </Form.Item>
      </div>
    </fieldset>
  );
}
