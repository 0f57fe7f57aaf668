/**
 * The demo page's calls to the selected serverUrl, which may be another server than this page's:
 * the same envelope as `api/client`, but with the server's address given, no cookie sent, and a
 * network failure told apart from a refusal. What an integrator's page would do.
 */
import type { ApiBody, ApiData, ApiEnvelope, ApiPath } from '@open/protocol/api';
import type { LoginToken } from '@open/protocol/api/basic';
import { SUCCESS_CODE } from '@open/protocol/errors';
import { API_PREFIX } from '@open/protocol/paths';
import { isApiEnvelope } from '../api/client';

/** A call that did not succeed: the server's coded answer, or `null` when it could not be reached. */
export class DemoCallError extends Error {
  override name = 'DemoCallError';
  constructor(readonly envelope: ApiEnvelope | null) {
    super(envelope ? `${envelope.code}: ${envelope.message}` : 'network');
  }
}

export async function callServer<P extends ApiPath>(
  serverUrl: string,
  path: P,
  body: ApiBody<P>,
  lang: string,
): Promise<ApiData<P>> {
  let answer: unknown;
  try {
    const response = await fetch(`${serverUrl}${API_PREFIX}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lang': lang },
      body: JSON.stringify(body),
      credentials: 'omit',
    });
    answer = await response.json();
  } catch {
    throw new DemoCallError(null);
  }
  if (!isApiEnvelope(answer)) throw new DemoCallError(null);
  if (answer.code !== SUCCESS_CODE) throw new DemoCallError(answer);
  return answer.data as ApiData<P>;
}

export type LoginRequest =
  | { mode: 'account'; account: string; password: string }
  | { mode: 'sso'; ssoToken: string; accountType: 'email' | 'mobile' | 'employee_no'; account: string };

/**
 * A login token for the phone. By SSO the page plays both parts: the integrator's server, which
 * holds the SSO public-key token and asks for a signature, and the browser, which trades the
 * signature for a login token. A real integration keeps the first step on its server.
 */
export async function signIn(serverUrl: string, request: LoginRequest, lang: string): Promise<LoginToken> {
  if (request.mode === 'account') {
    return callServer(
      serverUrl,
      'basic/get_login_token',
      { account: request.account, password: request.password },
      lang,
    );
  }
  const { signature } = await callServer(
    serverUrl,
    'basic/get_sso_signature',
    { sso_token: request.ssoToken, account_type: request.accountType, account: request.account },
    lang,
  );
  return callServer(serverUrl, 'basic/get_login_token_by_sso', { signature }, lang);
}
