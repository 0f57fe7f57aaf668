/**
 * The login test on the real flow: the same Basic calls an integrator makes (the SSO signature
 * then the login token, or the login token by account), each step timed and written as a log row
 * (spec §3 "Diagnostic log row"). The socket's authentication, the last step, is the socket
 * probe's (socket/socket-probe.ts).
 */
import type { ApiEnvelope } from '@open/protocol/api';
import { SUCCESS_CODE } from '@open/protocol/errors';
import { API_PREFIX } from '@open/protocol/paths';
import { isApiEnvelope } from '../../api/client';
import type { LoginStep } from '../report/diag-report';
import type { Logger } from '../report/log-row';

export type LoginRequest =
  | { mode: 'account'; account: string; password: string }
  | { mode: 'sso'; ssoToken: string; accountType: 'email' | 'mobile' | 'employee_no'; account: string };

/** One timed Basic call: its data, or the step's failure with the server's code and message. */
async function timedCall(
  path: string,
  body: unknown,
  lang: string,
): Promise<{ ms: number; data?: Record<string, unknown>; failure?: { code: number | null; message: string } }> {
  const begun = performance.now();
  let answer: unknown;
  try {
    const response = await fetch(`${API_PREFIX}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lang': lang },
      body: JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
    answer = await response.json();
  } catch (error) {
    return {
      ms: performance.now() - begun,
      failure: { code: null, message: error instanceof Error ? error.message : String(error) },
    };
  }
  const ms = performance.now() - begun;
  if (!isApiEnvelope(answer)) return { ms, failure: { code: null, message: 'not an answer of the API' } };
  const envelope = answer as ApiEnvelope<Record<string, unknown>>;
  if (envelope.code !== SUCCESS_CODE) return { ms, failure: { code: envelope.code, message: envelope.message } };
  return { ms, data: envelope.data };
}

const rounded = (ms: number) => Math.round(ms * 10) / 10;

/**
 * The login flow's first steps: SSO signature then login token, or a login token by account.
 * Resolves with the steps so far and the token when every step passed.
 */
export async function loginSteps(
  request: LoginRequest,
  lang: string,
  log: Logger,
): Promise<{ steps: LoginStep[]; token: string | null }> {
  const steps: LoginStep[] = [];
  const record = (name: LoginStep['name'], result: Awaited<ReturnType<typeof timedCall>>) => {
    const step: LoginStep = {
      name,
      ok: !result.failure,
      ms: rounded(result.ms),
      code: result.failure?.code ?? null,
      message: result.failure?.message ?? null,
    };
    steps.push(step);
    log(result.failure?.code ? 'server' : 'client', 'loginStep', {
      step: name,
      ok: step.ok,
      ms: step.ms,
      code: step.code,
      message: step.message,
    });
    return step.ok;
  };
  let tokenCall: Awaited<ReturnType<typeof timedCall>>;
  if (request.mode === 'sso') {
    const signature = await timedCall(
      'basic/get_sso_signature',
      { sso_token: request.ssoToken, account_type: request.accountType, account: request.account },
      lang,
    );
    if (!record('ssoSignature', signature)) return { steps, token: null };
    tokenCall = await timedCall('basic/get_login_token_by_sso', { signature: signature.data?.signature }, lang);
  } else {
    tokenCall = await timedCall(
      'basic/get_login_token',
      { account: request.account, password: request.password },
      lang,
    );
  }
  if (!record('basicToken', tokenCall)) return { steps, token: null };
  const token = tokenCall.data?.token;
  return { steps, token: typeof token === 'string' ? token : null };
}
