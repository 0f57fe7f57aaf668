/**
 * The calls the softphone tests make on the server as a back end would: an API call, a demo
 * agent's login token, and a caller from the public network ringing the tenant's queue.
 */

/** POSTs `body` to the API of the server at `origin`; the answer's data, or an error naming the code. */
export async function apiCall(origin: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${origin}/dzfront/open/server/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; message: string; data: Record<string, unknown> };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** A demo agent's login token (every demo account has the password agent@open). */
export async function loginToken(origin: string, account: string): Promise<string> {
  return (await apiCall(origin, 'basic/get_login_token', { account, password: 'agent@open' })).token as string;
}

/**
 * A caller rings the demo tenant (cti/simulate_inbound_call) with `data` attached; the call's id.
 * Any token of the tenant will do: the supervisor's, who never signs in in these tests.
 */
export async function simulateInboundCall(
  origin: string,
  from: string,
  data?: Record<string, string>,
): Promise<string> {
  const token = await loginToken(origin, 'chenjie@demo.example.com');
  return (await apiCall(origin, 'cti/simulate_inbound_call', { token, from, ...(data ? { data } : {}) }))
    .call_id as string;
}
