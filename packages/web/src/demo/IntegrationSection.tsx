import { Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../ui/CopyButton';
import { changedParams, type DemoConfig } from './demo-config';
import { integrationCode, type CodeFlavour } from './integration-code';

/** The code to embed the phone as configured on this page, ready to copy. */
export function IntegrationSection({ serverUrl, config }: { serverUrl: string; config: DemoConfig }) {
  const { t, i18n } = useTranslation();
  const [flavour, setFlavour] = useState<CodeFlavour>('script');
  const code = integrationCode(flavour, serverUrl || location.origin, changedParams(config, i18n.language));
  return (
    <section className="panel demo-section" aria-labelledby="demo-code">
      <div className="demo-phone-head">
        <h2 id="demo-code">{t('demo.code.title')}</h2>
        <CopyButton text={code} label={t('demo.code.copy')} />
      </div>
      <p className="muted">{t('demo.code.intro')}</p>
      <Radio.Group
        value={flavour}
        optionType="button"
        onChange={(event) => {
          setFlavour(event.target.value as CodeFlavour);
        }}
        options={[
          { value: 'script', label: t('demo.code.script') },
          { value: 'module', label: t('demo.code.module') },
        ]}
        data-testid="code-flavour"
      />
      <pre className="demo-json demo-code" dir="ltr" data-testid="integration-code">
        {code}
      </pre>
    </section>
  );
}
