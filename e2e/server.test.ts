import { spawn, type ChildProcess } from 'node:child_process';
import { Agent } from 'node:http';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConnection } from 'node:net';
import { DIAG_UPLOAD_PATH } from '@open/protocol/paths';
import { errorCatalogue } from '@open/protocol/errors';
import { postInTwoHalves } from '../packages/server/test/post-in-halves.js';
import { SERVER_MAIN, START_SCRIPT, processesWithDataDir, seededDataDir, startServer } from './harness.js';
import { checkLedger, CmsWriter, emptyLedger, signIn, type Outcome } from './faults/cms-traffic.js';

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else
      child.once('exit', (code) => {
        resolve(code);
      });
  });
}

async function post(origin: string, apiPath: string, body: unknown, cookie = '') {
  const response = await fetch(`${origin}/dzfront/open/server/api/${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lang': 'en', cookie },
    body: JSON.stringify(body),
  });
  return { response, body: (await response.json()) as { code: number; data: unknown } };
}

/** Whether anything accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

// The signal and refusal cases run side by side: each is its own process on its own port, and
// mostly waits for a start or an exit.
describe('npm start', () => {
  it.concurrent.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'passes %s on to the server, which frees its port',
    async (signal) => {
      const server = await startServer({ entry: START_SCRIPT, fresh: false });
      expect(await listening(server.port)).toBe(true);
      const exited = exitOf(server.process);
      server.process.kill(signal);
      expect(await exited).toBe(0);
      // The launcher exits only after the server has: nothing may be left on the port.
      expect(await listening(server.port)).toBe(false);
      await server.stop();
    },
  );
});

describe('the npm start process itself', () => {
  // What a process manager or a container signals is the process it started: `npm start`, whose
  // shell must not stand between it and the launcher (Debian's sh does not pass SIGTERM on).
  // npm passes SIGHUP on to nobody and dies of it: the launcher sees it gone and stops the server.
  it.concurrent.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'stops the launcher and the server on %s',
    async (signal) => {
      const server = await startServer({ npmStart: true, fresh: false });
      expect(await listening(server.port)).toBe(true);
      const exited = exitOf(server.process);
      server.process.kill(signal);
      await exited;
      // npm has exited; nothing it started may hold the port.
      for (let tries = 0; tries < 50 && (await listening(server.port)); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await listening(server.port)).toBe(false);
      // The server frees its port before it closes its database: it may still be at work, and
      // must finish (not be left running, nor be cut short by anything here).
      for (let tries = 0; tries < 100 && (await processesWithDataDir(server.dataDir)).length; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await processesWithDataDir(server.dataDir)).toEqual([]);
      await server.stop();
    },
  );
});

describe('npm start on a port that is taken', () => {
  it('says so before it builds anything, and exits 1', async () => {
    const server = await startServer();
    const child = spawn(process.execPath, [START_SCRIPT], {
      env: { ...process.env, PORT: String(server.port), HOST: '127.0.0.1' },
      stdio: 'pipe',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await exitOf(child);
    await server.stop();
    expect(code).toBe(1);
    expect(stderr).toContain(`Cannot start on 127.0.0.1:${server.port}: port ${server.port} is already in use`);
    expect(stdout).not.toContain('Building');
  });
});

describe('the server process', () => {
  it('refuses a bad setting at start with a message that names it, and exits 1', async () => {
    const child = spawn(process.execPath, [SERVER_MAIN], { env: { ...process.env, PORT: 'eighty' }, stdio: 'pipe' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exitOf(child)).toBe(1);
    expect(stderr).toContain('Configuration error: PORT must be a whole number from 0 to 65535 (got "eighty").');
  });

  it.concurrent.each(['        ', 'password1', '12345678', 'Admin@open', 'adminadmin'])(
    'refuses ADMIN_PASSWORD=%j, too easy to guess, and exits 1',
    async (password) => {
      const child = spawn(process.execPath, [SERVER_MAIN], {
        env: { ...process.env, ADMIN_PASSWORD: password, DATA_DIR: path.join(tmpdir(), 'never-created') },
        stdio: 'pipe',
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      expect(await exitOf(child)).toBe(1);
      expect(stderr).toContain('Configuration error: ADMIN_PASSWORD is too easy to guess');
    },
  );

  it('says so clearly, and exits 1, when the database cannot be reached or the port is taken', async () => {
    const run = async (env: Record<string, string>) => {
      const child = spawn(process.execPath, [SERVER_MAIN], { env: { ...process.env, ...env }, stdio: 'pipe' });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      return { code: await exitOf(child), stderr };
    };
    const noDatabase = await run({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.stderr).toContain('Cannot open the PostgreSQL of DATABASE_URL:');

    // A first start (run in a process of its own) in a folder something else already uses.
    const used = await mkdtemp(path.join(tmpdir(), 'open-used-'));
    await mkdir(path.join(used, 'pglite'));
    await writeFile(path.join(used, 'pglite', 'base'), 'not a database');
    const firstStart = await run({ DATA_DIR: used, DATABASE_URL: '', PORT: '0' });
    await rm(used, { recursive: true, force: true });
    expect(firstStart.code).toBe(1);
    expect(firstStart.stderr).toContain(`Cannot open the embedded database in ${used}: the first start in`);
    expect(firstStart.stderr).toContain('the folder must be empty or hold this server');

    const server = await startServer();
    // A restart's folder: the port is tried after the database is opened, and initdb is not the point.
    const dataDir = await seededDataDir('open-port-');
    const taken = await run({ PORT: String(server.port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' });
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain(`Cannot listen on 127.0.0.1:${server.port}: port ${server.port} is already in use`);
  });

  // Issue #38: kept-alive connections held the drain until the 10 s watchdog killed the node
  // (exit 1); answers during the drain were Fastify's bare 503.
  it('on SIGTERM to npm start, under kept-alive traffic, finishes what is in flight and exits 0 within 5 s, every acknowledged write stored', async () => {
    const dataDir = await seededDataDir('open-e2e-drain-');
    try {
      // At info the server logs each request as it arrives: the signal is sent once the upload's has.
      const server = await startServer({ npmStart: true, dataDir, env: { LOG_LEVEL: 'info' } });
      const ledger = emptyLedger();
      const cookies = await Promise.all([1, 2, 3, 4].map(() => signIn(server.origin)));
      const writers = cookies.map((cookie) => new CmsWriter(() => server.origin, cookie, ledger));
      const agent = new Agent({ keepAlive: true });
      const upload = postInTwoHalves(
        agent,
        server.port,
        DIAG_UPLOAD_PATH,
        Buffer.alloc(64 * 1024, 1),
        'application/octet-stream',
      );
      const outcomes: Outcome[] = [];
      const signalled = { at: 0 };
      // Writers keep writing (fetch keeps its connections alive) until one is refused.
      const writing = Promise.all(
        writers.map(async (writer) => {
          for (;;) {
            const outcome = await writer.write();
            outcomes.push(outcome);
            if (!outcome.answered || outcome.envelope.code !== 0) return;
          }
        }),
      );
      await expect.poll(() => server.output().includes('diag/upload'), { timeout: 30_000, interval: 50 }).toBe(true);
      await expect.poll(() => ledger.writes, { timeout: 30_000 }).toBeGreaterThan(8);
      const exited = exitOf(server.process);
      signalled.at = Date.now();
      server.process.kill('SIGTERM');
      // The rest of the upload once the server drains (npm and the launcher pass the signal on).
      await expect.poll(() => server.output().includes('shutting down'), { timeout: 10_000, interval: 20 }).toBe(true);
      upload.finish();
      const answer = await upload.answer;
      const code = await exited;
      const stoppedMs = Date.now() - signalled.at;
      await writing;
      agent.destroy();
      console.log(
        `SIGTERM under traffic: exit ${code} after ${stoppedMs} ms; ${ledger.writes} writes acknowledged, ` +
          `${outcomes.filter((o) => o.answered && o.envelope.code !== 0).length} refused during the drain`,
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.connection).toBe('close');
      expect(code).toBe(0);
      expect(stoppedMs).toBeLessThan(5_000);
      expect(await listening(server.port)).toBe(false);
      // A write after the signal is answered, or refused in the envelope (server.test of http/drain.ts
      // checks the request id), or finds the port closed: never cut off half-way.
      const refusals = outcomes.filter((o) => o.answered && o.envelope.code !== 0);
      for (const refusal of refusals) {
        expect(refusal.answered && refusal.envelope.code).toBe(errorCatalogue.serverStopping.code);
      }

      const restarted = await startServer({ dataDir });
      try {
        const { lost, checked } = await checkLedger(restarted.origin, await signIn(restarted.origin), ledger);
        expect(checked).toBe(ledger.resources.size + ledger.categories.size);
        expect(lost).toEqual([]);
      } finally {
        await restarted.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('on every address, makes the demo admin change the demo password; ADMIN_PASSWORD replaces it', async () => {
    const dataDir = await seededDataDir('open-exposed-');
    try {
      const first = await startServer({ dataDir, env: { HOST: '0.0.0.0' } });
      expect(first.output()).toContain('admin / admin@open, to be changed at first sign-in');
      const login = await post(first.origin, 'global/login', { account: 'admin', password: 'admin@open' });
      expect(login.body.data).toMatchObject({ config: { must_change_password: true } });
      const cookie = login.response.headers.get('set-cookie')?.split(';')[0] ?? '';
      const locked = await post(first.origin, 'cms/get_version_list', { page_number: -1 }, cookie);
      expect({ status: locked.response.status, code: locked.body.code }).toEqual({ status: 403, code: 40303 });
      // The demo agents' published password signs nobody in there either.
      const agent = await post(first.origin, 'basic/get_login_token', {
        account: 'lina@demo.example.com',
        password: 'agent@open',
      });
      expect({ status: agent.response.status, code: agent.body.code }).toEqual({ status: 403, code: 40306 });
      expect(first.output()).toContain('agent@open refused on this address');
      await first.stop();

      // The operator sets ADMIN_PASSWORD and restarts: the demo password is gone, nobody is locked out.
      const second = await startServer({ dataDir, env: { HOST: '0.0.0.0', ADMIN_PASSWORD: 'chosen by the operator' } });
      expect(second.output()).not.toContain('admin@open');
      const demo = await post(second.origin, 'global/login', { account: 'admin', password: 'admin@open' });
      expect(demo.response.status).toBe(401);
      const chosen = await post(second.origin, 'global/login', {
        account: 'admin',
        password: 'chosen by the operator',
      });
      expect(chosen.body.data).toMatchObject({ config: { must_change_password: false } });
      const session = chosen.response.headers.get('set-cookie')?.split(';')[0] ?? '';

      // Attachments land in DATA_DIR/attachments and are served back.
      const form = new FormData();
      form.append('file', new Blob(['hello from the process test\n']), 'hello.txt');
      const uploaded = await fetch(`${second.origin}/dzfront/open/server/api/cms/upload_attachment_file`, {
        method: 'POST',
        headers: { cookie: session, 'x-lang': 'en' },
        body: form,
      });
      const attachment = ((await uploaded.json()) as { data: { url: string } }).data;
      const served = await fetch(`${second.origin}${attachment.url}`);
      expect(await served.text()).toBe('hello from the process test\n');
      expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect((await readdir(path.join(dataDir, 'attachments'), { recursive: true })).length).toBeGreaterThan(1);
      await second.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps its data across a restart and does not seed twice', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'open-restart-'));
    try {
      const first = await startServer({ dataDir });
      expect(first.output()).toContain('seeded with demo data');
      const login = await post(first.origin, 'global/login', { account: 'admin', password: 'admin@open' });
      const cookie = login.response.headers.get('set-cookie')?.split(';')[0] ?? '';
      const created = await post(first.origin, 'cms/set_version_info', { name: 'v9.9' }, cookie);
      expect(created.body.code).toBe(0);
      await first.stop();

      const second = await startServer({ dataDir });
      expect(second.output()).not.toContain('seeded with demo data');
      const versions = await post(second.origin, 'doc/get_version_info', {});
      expect((versions.body.data as { list: { name: string }[] }).list.map((v) => v.name)).toEqual([
        'v9.9',
        'v1.0',
        'v2.0',
      ]);
      await second.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
