import { afterAll, beforeAll, expect, inject } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import './provided-context.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLIENT_PATH = '/dzfront/open/client/';
export const SERVER_MAIN = path.join(root, 'packages/server/dist/main.js');
/** What `npm start` runs: builds what is stale, then runs SERVER_MAIN as its child. */
export const START_SCRIPT = path.join(root, 'scripts/start.mjs');

/** A TCP port nothing listens on at 127.0.0.1 now (a server started on it may still race another). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** A port free on `host` for TCP and UDP both, for servers that listen on both (coturn, SIP). */
export { freeTcpAndUdpPort } from '../packages/server/test/free-port.js';

export interface RunningServer {
  origin: string;
  port: number;
  process: ChildProcess;
  dataDir: string;
  clientUrl: string;
  output: () => string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Reuse a data folder (it is then left in place on stop); a fresh temporary one otherwise. */
  dataDir?: string;
  /** The script to run: the built server (default) or `npm start`'s launcher. */
  entry?: string;
  /** Run `npm start` itself (npm, its shell, the launcher, the server), as a person does. */
  npmStart?: boolean;
  /** Settings on top of the harness's own (HOST, ADMIN_PASSWORD…). */
  env?: Record<string, string>;
  /**
   * A first start (initdb, migrations, seed) in the fresh temporary folder. Otherwise the
   * folder starts as a copy of the run's first start (global-setup.ts), as a restart does.
   * `npm start` and its launcher get a first start unless `fresh: false` (a test of signals,
   * not of the first start): that is what a person sees.
   */
  fresh?: boolean;
  /** The port to listen on (a restart where its pages and phones stay open); a free one otherwise. */
  port?: number;
}

/**
 * A temporary data folder holding a copy of the run's first start (global-setup.ts): for tests of
 * what a restart does, which need not pay for another initdb and seed (5-7 s each).
 */
export async function seededDataDir(prefix = 'open-e2e-'): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(inject('e2eDataTemplate'), dataDir, { recursive: true });
  return dataDir;
}

/** The built server, as `npm start` runs it, on a fresh embedded database in a temporary folder. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'open-e2e-')));
  const firstStart = options.fresh ?? (options.npmStart === true || options.entry !== undefined);
  if (!options.dataDir && !firstStart) await cp(inject('e2eDataTemplate'), dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const [command, args] = options.npmStart ? ['npm', ['start']] : [process.execPath, [options.entry ?? SERVER_MAIN]];
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Loopback moves several GB a bandwidth test, far past any agent's share; the share
      // itself is tested by the server's own test (api/diag/transfer-budget.test.ts).
      DIAG_TRANSFER_LIMIT_MB: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`server did not start:\n${output}`));
    }, 60_000);
    const check = () => {
      if (output.includes('Open platform is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    process: child,
    dataDir,
    clientUrl: `${origin}${CLIENT_PATH}`,
    output: () => output,
    async stop() {
      // A process killed by a signal has no exit code, only a signal code.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/**
 * The processes (pids) started with `DATA_DIR=dataDir` that are still running: `npm start`'s
 * launcher and server outlive npm itself for as long as their shutdown takes, and a server
 * still closing its database must not have its folder removed under it.
 */
export async function processesWithDataDir(dataDir: string): Promise<number[]> {
  const wanted = `DATA_DIR=${dataDir}`;
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const holding = await Promise.all(
    pids.map(async (pid) => {
      // A process that has exited in the meantime, or is not ours to read, holds nothing.
      const environ = await readFile(`/proc/${pid}/environ`, 'latin1').catch(() => '');
      return environ.split('\0').includes(wanted) ? Number(pid) : undefined;
    }),
  );
  return holding.filter((pid) => pid !== undefined);
}

/**
 * Waits until the animations of what `within` matches are over (endless ones, spinners, aside).
 * A click aimed at a dialog or a popover that still grows can land beside its button: on a
 * dialog's mask, or outside a popover, which closes it instead (seen on a busy machine, where
 * two frames of the animation can look alike to Playwright's stability check).
 */
export async function animationsSettled(page: Page, within: string): Promise<void> {
  await page.waitForFunction((selector) => {
    return document.getAnimations().every((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      const endless = animation.effect?.getComputedTiming().iterations === Infinity;
      return !target?.closest(selector) || endless || animation.playState !== 'running';
    });
  }, within);
}

/** A dialog that has finished opening (see animationsSettled). */
export async function dialogOpened(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await animationsSettled(page, '.ant-modal-root');
  return dialog;
}

/** Debian's Chromium, headless, with the flags this machine's closed network needs, and `extraArgs`. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      // The phone's microphone and camera: granted without a prompt, fed by Chromium's test pattern and tone.
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      ...extraArgs,
    ],
  });
}

/** Content-Security-Policy violations reported by any page of any visitor. */
export const cspViolations: string[] = [];

/**
 * Picks the option `option` in an Ant Design select (opened by clicking `select`, filtered by
 * typing `typed` when it has a search), trying again until the select shows it: a click on a list that is still
 * opening can miss on a busy machine.
 */
export async function pickOption(page: Page, select: Locator, option: string, typed?: string) {
  await expect
    .poll(
      async () => {
        if ((await select.textContent())?.includes(option)) return true;
        // Each attempt starts where the last one stopped: a click on a list left open would close it.
        const search = select.getByRole('combobox');
        if ((await search.getAttribute('aria-expanded')) !== 'true') await select.click();
        if (typed !== undefined) await search.fill(typed);
        // Visible only: the lists of selects closed before stay in the page, hidden.
        await page.locator('.ant-select-item-option:visible', { hasText: option }).click({ timeout: 5_000 });
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** A fresh visitor: empty storage, no cookies; its pages report CSP violations. */
export async function freshVisitor(browser: Browser, locale = 'en-US'): Promise<BrowserContext> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
  await context.exposeFunction('__reportCspViolation', (text: string) => {
    cspViolations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => Promise<void> })
        .__reportCspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.href}`);
    });
  });
  return context;
}

/**
 * A fresh visitor whose stored language is `lang` (the app's `globalLang`), `width` pixels wide,
 * on the page at `hash` of the client; an error thrown in the page fails the test.
 */
export async function visitClient(
  e2e: { readonly server: RunningServer; readonly browser: Browser },
  hash: string,
  lang = 'en',
  width = 1280,
): Promise<Page> {
  const context = await freshVisitor(e2e.browser);
  await context.addInitScript((stored) => {
    if (!localStorage.getItem('globalLang')) localStorage.setItem('globalLang', stored);
  }, lang);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  if (width !== 1280) await page.setViewportSize({ width, height: 800 });
  await page.goto(`${e2e.server.clientUrl}${hash}`);
  return page;
}

/**
 * Caps what `page` may move to `mbps` each way, in Chromium's own network stack (DevTools
 * throttling): for the tests that run the diagnostics' bandwidth test only to look at the page
 * it leaves (its layout, its accessibility). Unthrottled, a run moves several GB over loopback
 * and holds both cores for its 20 s; what it measures is checked unthrottled by diagnose.test.ts
 * and against a shaped link by bench/net-accuracy.mjs.
 */
export async function capBandwidth(page: Page, mbps: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const bytesPerSecond = (mbps * 1e6) / 8;
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/**
 * A browser test file's built server and Chromium: started before its tests and closed after
 * them, and no page may have broken the Content-Security-Policy meanwhile.
 */
export function useServerAndBrowser(
  options?: ServerOptions,
  /** More Chromium flags (launchBrowser). */
  browserArgs: readonly string[] = [],
): {
  readonly server: RunningServer;
  readonly browser: Browser;
} {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(options), launchBrowser(browserArgs)]);
  });
  afterAll(async () => {
    // The pages ran under their Content-Security-Policy without a single refusal.
    expect(cspViolations).toEqual([]);
    // beforeAll may have failed before starting either of them.
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error('the server and browser start in beforeAll');
    return part;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}

/**
 * Starts `run` in beforeAll, so that it goes on while the file's other tests run (a diagnostics
 * run spends most of its 30-40 s waiting on the link's measurements); the test that checks it
 * awaits what the returned function gives. Its failure is reported there, not as an unhandled
 * rejection before.
 */
export function startedWithFile<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  beforeAll(() => {
    running = run();
    running.catch(() => undefined);
  });
  return () => {
    if (!running) throw new Error(`${run.name || 'the run'} starts in beforeAll`);
    return running;
  };
}
