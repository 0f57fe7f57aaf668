import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '../ui/agent-login';
import { DemoCallError, signIn, type LoginRequest } from './demo-api';
import { startPhone } from './demo-store';
import type { ServerUrlList } from './server-urls';

export type LoginMode = 'account' | 'sso';

/** What the demo's login form holds, for either way of signing in. */
export interface LoginValues {
  account?: string;
  password?: string;
  ssoToken?: string;
  accountType?: AccountType;
  thirdPartyAccount?: string;
}

/** Where the phone mounts and with which init parameters. */
export interface PhoneMount {
  /** Where the phone mounts (the phone panel's container). */
  container: () => HTMLElement | null;
  /** The init parameters of the other sections. */
  params: () => Record<string, unknown>;
}

/** The login request the form's values make in the chosen mode. */
function loginRequest(mode: LoginMode, values: LoginValues): LoginRequest {
  return mode === 'account'
    ? { mode, account: values.account?.trim() ?? '', password: values.password ?? '' }
    : {
        mode,
        ssoToken: values.ssoToken?.trim() ?? '',
        accountType: values.accountType ?? 'email',
        account: values.thirdPartyAccount?.trim() ?? '',
      };
}

/**
 * Signs in at the selected serverUrl and starts the phone with the token, as an integrator's page
 * does; keeps whether it is under way and why it last failed.
 */
export function useDemoSignIn({ container, params }: PhoneMount, servers: ServerUrlList) {
  const { t, i18n } = useTranslation();
  const [signingIn, setSigningIn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (mode: LoginMode, values: LoginValues) => {
    const element = container();
    if (!element || servers.selected === '') return;
    const request = loginRequest(mode, values);
    setSigningIn(true);
    setFailure(null);
    try {
      const token = await signIn(servers.selected, request, i18n.language);
      await startPhone({
        serverUrl: servers.selected,
        token,
        container: element,
        params: params(),
        lang: () => i18n.language,
      });
    } catch (error) {
      setFailure(
        error instanceof DemoCallError && error.envelope
          ? `${error.envelope.code}: ${error.envelope.message}`
          : t('demo.login.serverUnreachable', { url: servers.selected }),
      );
    } finally {
      setSigningIn(false);
    }
  };

  return { signingIn, failure, setFailure, submit };
}
