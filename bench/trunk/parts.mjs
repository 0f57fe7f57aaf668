// @ts-check
// What the trunk benchmarks share (trunk-calls.mjs, post-dial-delay.mjs): Debian's rtpengine on
// loopback with the built server's ng client, free ports, a child process, the admin's API.
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { API_PREFIX, freePort, root, SERVER, startServer } from '../lib.mjs';

const ng = await import(path.join(root, 'packages/server/dist/telephony/ng-client.js'));

/** A free UDP port on 127.0.0.1 (and TCP, for SIP). */
export async function freeUdpPort(host = '127.0.0.1') {
  for (;;) {
    const port = await freePort();
    const free = await new Promise((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => {
        socket.close();
        resolve(false);
      });
      socket.bind(port, host, () => socket.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * A child process whose output is kept; it is killed when this script exits, also on an error
 * (an rtpengine left behind would hold its ports for the next run).
 * @param {string} command @param {string[]} args
 */
export function run(command, args) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: tmpdir() });
  process.once('exit', () => child.kill('SIGKILL'));
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function startRelay() {
  const port = await freeUdpPort();
  const relay = run('/usr/bin/rtpengine', [
    // Not Debian's /etc/rtpengine/rtpengine.conf: its fixed CLI and HTTP ports would clash
    // with another instance on this machine (a test's, say).
    '--config-file=none',
    '--table=-1',
    '--foreground',
    '--log-stderr',
    '--log-level=4',
    '--interface=127.0.0.1',
    `--listen-ng=127.0.0.1:${port}`,
    '--port-min=24000',
    '--port-max=24999',
    '--delete-delay=0',
  ]);
  const client = ng.createNgClient({ host: '127.0.0.1', port });
  for (let tries = 0; ; tries++) {
    try {
      await client.command('ping');
      break;
    } catch (error) {
      if (tries > 5) throw error;
    }
  }
  if (relay.child.pid === undefined) throw new Error('rtpengine has no pid');
  return { ...relay, pid: relay.child.pid, ng: `127.0.0.1:${port}`, client };
}

/** @param {string} origin */
export async function admin(origin) {
  /** @param {string} api @param {unknown} body @param {string} [cookie] */
  const post = async (api, body, cookie) => {
    const response = await fetch(`${origin}${API_PREFIX}${api}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lang': 'en', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const answer = /** @type {{ code: number, message: string, data: any }} */ (await response.json());
    return { answer, cookie: response.headers.get('set-cookie')?.split(';')[0] };
  };
  const login = await post('global/login', { account: 'admin', password: 'admin@open' });
  const cookie = login.cookie;
  /** @param {string} api @param {unknown} body */
  const call = async (api, body) => {
    const { answer } = await post(api, body, cookie);
    if (answer.code !== 0) throw new Error(`${api}: ${answer.code} ${answer.message}`);
    return answer.data;
  };
  const tenant = (await call('cms/get_tenant_list', { page_number: 1, page_size: 20 })).list[0];
  return { call, tenantId: /** @type {string} */ (tenant._id) };
}

/** The agents' password in the trunk benches: unrelated to their names, as the password rules ask. */
export const AGENT_PASSWORD = 'Maple-Quartz-Lantern-81';

/**
 * An agent of the tenant for a benchmark, signed in with AGENT_PASSWORD.
 * @param {(api: string, body: unknown) => Promise<any>} call @param {string} tenantId
 * @param {{ name: string, employeeNo: string, extension: string }} agent
 */
export function createAgent(call, tenantId, { name, employeeNo, extension }) {
  return call('cms/set_agent_info', {
    tenant_id: tenantId,
    name,
    employee_no: employeeNo,
    extension,
    role: 'agent',
    assistant_robot: false,
    password: AGENT_PASSWORD,
  });
}

/** Debian's Chromium, headless, with a fake microphone that needs no permission prompt. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/**
 * The embed example in `page`, its phone started for `employeeNo` and checked in (idle).
 * @param {import('playwright-core').Page} page @param {string} origin @param {string} employeeNo
 */
export async function signInAtEmbed(page, origin, employeeNo) {
  await page.goto(`${origin}/dzfront/open/client/examples/embed.html`);
  await page.getByLabel('Account').fill(employeeNo);
  await page.getByLabel('Password').fill(AGENT_PASSWORD);
  await page.getByLabel('Language').fill('en');
  await page.getByRole('button', { name: 'Start the phone' }).click();
  await page.frameLocator('#phone iframe').getByTestId('agent-status').waitFor();
  await page.evaluate(() => /** @type {any} */ (globalThis).phone.call('login', { status: 'idle' }));
}

/**
 * Its own rtpengine and the built server on a fresh embedded database, its SIP on a free port:
 * what each trunk benchmark measures against. `stop` ends both and removes the data.
 * @param {string} prefix the data folder's name
 */
export async function startTelephonyServer(prefix) {
  const relay = await startRelay();
  const sipPort = await freeUdpPort();
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const server = await startServer(SERVER, {
    DATA_DIR: dataDir,
    SIP_LISTEN: `127.0.0.1:${sipPort}`,
    RTPENGINE_NG: relay.ng,
  });
  return {
    relay,
    server,
    async stop() {
      await server.stop();
      await relay.client.close();
      await relay.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The tenant's trunk switched on towards a carrier at `host:port`, with no cap (the bench sets
 * the load) and no OPTIONS pings (SIPp plays one scenario per call: a ping would be a call gone
 * wrong). The calls go to Chinese numbers: at home for a trunk in China.
 * @param {(api: string, body: unknown) => Promise<any>} call @param {string} tenantId
 * @param {string} host @param {number} port
 */
export function pointTrunkAt(call, tenantId, host, port) {
  return call('cms/set_trunk', {
    tenant_id: tenantId,
    enabled: true,
    host,
    port,
    transport: 'udp',
    username: '',
    allowed_sources: [host],
    dids: [],
    display_numbers: [],
    dial_plan: { country: 'CN' },
    max_calls: null,
    max_waiting: null,
    options_ping: false,
  });
}
