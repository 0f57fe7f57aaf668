/** The admin's side of the trunk tests: sign in to the CMS API and set the demo tenant's trunk. */

/**
 * SECRETS_KEY for servers whose trunks keep a password (stored sealed with it, secret-box.ts):
 * 32 bytes in base64, as `openssl rand -base64 32` writes one.
 */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 5).toString('base64');

export interface AdminSession {
  tenantId: string;
  /** cms/set_trunk for the demo tenant, switched on, over UDP, not pinged, with what `changes` gives. */
  setTrunk(changes: Record<string, unknown>): Promise<Record<string, unknown>>;
  call(path: string, body: unknown): Promise<{ code: number; message: string; data: unknown }>;
}

export async function adminSession(origin: string): Promise<AdminSession> {
  const post = async (path: string, body: unknown, cookie?: string) => {
    const response = await fetch(`${origin}/dzfront/open/server/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lang': 'en', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { answer: (await response.json()) as { code: number; message: string; data: unknown }, response };
  };
  const login = await post('global/login', { account: 'admin', password: 'admin@open' });
  const cookie = login.response.headers.get('set-cookie')?.split(';')[0];
  if (login.answer.code !== 0 || !cookie) throw new Error(`admin sign-in: ${login.answer.message}`);
  const call = async (path: string, body: unknown) => (await post(path, body, cookie)).answer;
  const tenants = (await call('cms/get_tenant_list', { page_number: 1, page_size: 20 })).data as {
    list: { _id: string; name: string }[];
  };
  const tenant = tenants.list.find((t) => t.name === 'Demo tenant') ?? tenants.list[0];
  if (!tenant) throw new Error('no tenant');
  return {
    tenantId: tenant._id,
    call,
    async setTrunk(changes) {
      const answer = await call('cms/set_trunk', {
        tenant_id: tenant._id,
        enabled: true,
        host: '127.0.0.2',
        port: 5060,
        transport: 'udp',
        username: '',
        allowed_sources: ['127.0.0.2'],
        dids: [],
        display_numbers: [],
        // The tests dial Chinese numbers: calls at home, whatever the plan says of abroad.
        dial_plan: { country: 'CN' },
        // SIPp's carriers play one scenario and would take an OPTIONS ping for a call gone wrong:
        // the tests that check the servers (trunk-failover.test.ts) turn the pings on.
        options_ping: false,
        ...changes,
      });
      if (answer.code !== 0) throw new Error(`cms/set_trunk: ${answer.code} ${answer.message}`);
      return answer.data as Record<string, unknown>;
    },
  };
}
