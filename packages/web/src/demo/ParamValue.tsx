import { Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { locales } from '@open/protocol/locales';
import type { ParamDefinition } from '@open/protocol/softphone/catalogue';
import { isWebAddress } from '@open/protocol/web-address';
import type { ConfigValue, DemoConfig } from './demo-config';

interface ParamValueProps {
  param: ParamDefinition;
  config: DemoConfig;
  onChange: (name: string, value: ConfigValue) => void;
  serverUrl: string;
}

/**
 * The value the demo starts the phone with: the serverUrl and token from the login, a switch, the
 * language or a text; what the person sets.
 */
export function ParamValue({ param, config, onChange, serverUrl }: ParamValueProps) {
  const { t, i18n } = useTranslation();
  if (param.name === 'serverUrl') return <bdi dir="ltr">{serverUrl || '—'}</bdi>;
  if (param.name === 'token') return <span className="muted">{t('demo.params.tokenFromLogin')}</span>;
  const value = config[param.name];
  if (param.type === 'boolean') {
    return (
      <Switch
        checked={value === true}
        onChange={(checked) => {
          onChange(param.name, checked);
        }}
        aria-label={param.name}
        data-testid={`param-${param.name}`}
      />
    );
  }
  if (param.name === 'lang') {
    const pageLanguage = locales.find((locale) => locale.code === i18n.language);
    return (
      <Select
        value={typeof value === 'string' ? value : ''}
        onChange={(next) => {
          onChange(param.name, next);
        }}
        className="demo-lang-select"
        popupMatchSelectWidth={false}
        aria-label={param.name}
        data-testid="param-lang"
        options={[
          {
            value: '',
            label: t('demo.params.pageLanguage', { language: pageLanguage?.nativeName ?? i18n.language }),
          },
          ...locales.map((locale) => ({ value: locale.code, label: `${locale.nativeName} (${locale.code})` })),
        ]}
      />
    );
  }
  if (param.type === 'string') {
    return (
      <TextParam
        param={param}
        value={typeof value === 'string' ? value : ''}
        onChange={(next) => {
          onChange(param.name, next);
        }}
      />
    );
  }
  return null;
}

/**
 * A text parameter (ringtoneUrl). An address the SDK would refuse is marked at once, with the
 * rule, rather than only when the phone is started.
 */
function TextParam({
  param,
  value,
  onChange,
}: {
  param: ParamDefinition;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const wrong = param.webAddress === true && value.trim() !== '' && !isWebAddress(value.trim());
  const ruleId = `param-${param.name}-rule`;
  return (
    <>
      <Input
        size="small"
        value={value}
        maxLength={param.max}
        placeholder="https://"
        status={wrong ? 'error' : undefined}
        aria-label={param.name}
        aria-invalid={wrong}
        aria-describedby={wrong ? ruleId : undefined}
        data-testid={`param-${param.name}`}
        dir="ltr"
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {wrong && (
        <div id={ruleId} className="demo-param-error" role="alert">
          {t('demo.params.webAddressRule')}
        </div>
      )}
    </>
  );
}
