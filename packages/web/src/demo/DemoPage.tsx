import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../ui/AntdProvider';
import { initParamsOf, loadConfig, saveConfig, type ConfigValue } from './demo-config';
import { currentPhone, stopPhone, useDemo } from './demo-store';
import { EventsSection } from './EventsSection';
import { IntegrationSection } from './IntegrationSection';
import { LoginSection } from './LoginSection';
import { MethodsSection } from './MethodsSection';
import { ParamsSection } from './ParamsSection';
import { PhonePanel } from './PhonePanel';
import { loadServerUrls } from './server-urls';
import './demo.css';

/**
 * 'Icall Experience Demo' (spec §2): try every init parameter, event and method of the softphone
 * against a real server before writing a line; the phone runs beside the forms, started by the
 * SDK exactly as an integrator's page starts it.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [config, setConfig] = useState(() => loadConfig(localStorage));
  const configRef = useRef(config);
  const demo = useDemo();

  // Leaving the page ends the phone, as closing an integrator's tab would.
  useEffect(() => stopPhone, []);

  const change = useCallback((name: string, value: ConfigValue) => {
    setConfig((previous) => {
      const next = { ...previous, [name]: value };
      configRef.current = next;
      saveConfig(localStorage, next);
      return next;
    });
    // Visibility is the one parameter a running phone takes at once, through its method.
    if (name === 'visible')
      void currentPhone()
        ?.call('setPhoneVisible', { visible: value })
        .catch(() => undefined);
  }, []);

  const serverUrl = demo.serverUrl || loadServerUrls(localStorage, location.origin).selected;
  return (
    <AntdProvider>
      <div className="page demo-page">
        <div className="page-head">
          <h1>{t('demo.title')}</h1>
          <p className="muted">{t('demo.intro')}</p>
        </div>
        <div className="demo-layout">
          <div className="demo-config-column">
            <LoginSection
              container={() => container.current}
              params={() => initParamsOf(configRef.current, i18n.language)}
            />
            <ParamsSection config={config} onChange={change} serverUrl={serverUrl} />
            <EventsSection />
            <MethodsSection />
            <IntegrationSection serverUrl={serverUrl} config={config} />
          </div>
          <PhonePanel container={container} />
        </div>
      </div>
    </AntdProvider>
  );
}
