// Backup and restore (docs/DEPLOY.md): content written through the API before a backup is all
// there after a restore into a fresh place, and nothing written after it is; on the embedded
// database (an online backup through the running server) and on PostgreSQL (pg_dump of a
// schema of this test's own, restored into a database this test creates and drops).
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { demoAdmin } from '../packages/server/src/demo-credentials.js';
import { startServer, type RunningServer } from './harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Folders, schemas and databases this file made, removed at the end whatever happened. */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function tempDir(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `open-br-${name}-`));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A URL whose search_path is `schema` (percent-encoded, as libpq reads it). */
function withSchema(url: string, schema: string): string {
  return `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

async function admin(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs scripts/<name>.mjs as `npm run <name>` would, with the server's settings in `env`. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', `${name}.mjs`), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    // 'close', not 'exit': a process can exit before its last stderr chunk reaches us (seen in CI,
    // four scripts at once on a busy machine: exit code 1 with an empty stderr).
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** The CMS as the demo admin on one server. */
async function signIn(server: RunningServer) {
  const call = async <T>(apiPath: string, body: unknown, cookie = ''): Promise<Envelope<T>> => {
    const response = await fetch(`${server.origin}/dzfront/open/server/api/${apiPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lang': 'en', cookie },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Envelope<T>;
  };
  const login = await fetch(`${server.origin}/dzfront/open/server/api/global/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lang': 'en' },
    body: JSON.stringify({ account: demoAdmin.account, password: demoAdmin.password }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  return {
    async ok<T>(apiPath: string, body: unknown): Promise<T> {
      const answer = await call<T>(apiPath, body, cookie);
      if (answer.code !== 0) throw new Error(`${apiPath}: ${answer.code} ${answer.message}`);
      return answer.data;
    },
    async upload(text: string, name: string, resourceId?: string): Promise<{ _id: string; url: string }> {
      const form = new FormData();
      if (resourceId !== undefined) form.append('resource_id', resourceId);
      form.append('file', new Blob([text]), name);
      const response = await fetch(`${server.origin}/dzfront/open/server/api/cms/upload_attachment_file`, {
        method: 'POST',
        headers: { cookie, 'x-lang': 'en' },
        body: form,
      });
      const answer = (await response.json()) as Envelope<{ _id: string; url: string }>;
      if (answer.code !== 0) throw new Error(`upload: ${answer.code} ${answer.message}`);
      return answer.data;
    },
  };
}

interface Category {
  _id: string;
  revision: number;
}

/** Writes the content the backup must keep, then what it must not, around `backUp`. */
async function writeAroundBackup(server: RunningServer, tag: string, backUp: () => Promise<void>) {
  const cms = await signIn(server);
  const version = await cms.ok<{ _id: string }>('cms/set_version_info', { name: `before-${tag}` });
  const created = await cms.ok<Category>('cms/set_category_info', {
    names: { 'zh-CN': `备份前-${tag}`, en: `First name ${tag}` },
  });
  // A second save: the first state becomes a content backup.
  const category = await cms.ok<Category>('cms/set_category_info', {
    _id: created._id,
    revision: created.revision,
    names: { 'zh-CN': `备份前-${tag}`, en: `Saved name ${tag}` },
  });
  const resource = await cms.ok<{ _id: string; revision: number }>('cms/set_resource_info', {
    category_id: category._id,
    version_ids: [version._id],
    locales: [{ lang: 'zh-CN', title: `文档-${tag}`, markdown: `# 文档\n\nbefore the backup ${tag}` }],
  });
  const attachment = await cms.upload(`kept bytes ${tag}\n`, 'kept.txt', resource._id);

  await backUp();

  // After the backup: changed, deleted and added, none of which a restore may bring.
  await cms.ok('cms/set_category_info', {
    _id: category._id,
    revision: category.revision,
    names: { 'zh-CN': `备份后-${tag}`, en: `Renamed after ${tag}` },
  });
  await cms.ok('cms/remove_resource_info', { _id: resource._id, revision: resource.revision });
  await cms.ok('cms/remove_version_info', { _id: version._id });
  await cms.ok('cms/set_category_info', { names: { 'zh-CN': `备份后新建-${tag}`, en: `Created after ${tag}` } });
  const later = await cms.upload(`bytes after the backup ${tag}\n`, 'later.txt');
  return { version, category, resource, attachment, later };
}

/** What the restored server must answer. */
async function checkRestored(
  server: RunningServer,
  tag: string,
  written: Awaited<ReturnType<typeof writeAroundBackup>>,
): Promise<void> {
  const cms = await signIn(server);
  const versions = await cms.ok<{ list: { _id: string; name: string }[] }>('cms/get_version_list', {
    page_number: -1,
  });
  expect(versions.list.map((v) => v.name)).toContain(`before-${tag}`);

  const tree = JSON.stringify(await cms.ok('cms/get_category_list', { lang: 'en' }));
  expect(tree).toContain(`Saved name ${tag}`);
  expect(tree).not.toContain(`Renamed after ${tag}`);
  expect(tree).not.toContain(`Created after ${tag}`);

  const history = await cms.ok<{ list: { revision: number; snapshot: { names: Record<string, string> } }[] }>(
    'cms/get_category_backup_info',
    { _id: written.category._id },
  );
  expect(history.list.map((b) => b.snapshot.names.en)).toEqual([`First name ${tag}`]);

  const resources = await cms.ok<{ list: { _id: string; title: string }[] }>('cms/get_resource_list', {
    category_id: written.category._id,
    lang: 'zh-CN',
    page_number: -1,
  });
  expect(resources.list).toEqual([expect.objectContaining({ _id: written.resource._id, title: `文档-${tag}` })]);

  const kept = await fetch(`${server.origin}${written.attachment.url}`);
  expect(kept.status).toBe(200);
  expect(await kept.text()).toBe(`kept bytes ${tag}\n`);
  const later = await fetch(`${server.origin}${written.later.url}`);
  expect(later.status).toBe(404);
}

/** The refusals every operator mistake gets: a message and exit code 1. */
async function checkRefusals(backup: string, restoredEnv: Record<string, string>): Promise<void> {
  const [again, intoUsed, none, missing] = await Promise.all([
    script('restore', [backup], restoredEnv),
    script('backup', [backup], restoredEnv),
    script('restore', [], restoredEnv),
    script('restore', [path.join(backup, 'nowhere')], restoredEnv),
  ]);
  expect([again.code, intoUsed.code, none.code, missing.code]).toEqual([1, 1, 1, 1]);
  expect(again.stderr).toMatch(/already holds .*--force/);
  expect(intoUsed.stderr).toMatch(/is not empty/);
  expect(none.stderr).toMatch(/name the backup folder/);
  expect(missing.stderr).toMatch(/does not exist/);
}

describe('backup and restore', () => {
  it('of the embedded database, online through the running server, with its attachments', async () => {
    const dataDir = await tempDir('pglite-data');
    const server = await startServer({ dataDir });
    cleanups.push(() => server.stop());
    const backup = path.join(await tempDir('pglite-backups'), 'backup-1');
    const written = await writeAroundBackup(server, 'pglite', async () => {
      const done = await script('backup', [backup], { DATA_DIR: dataDir });
      console.log(done.stdout.trim());
      expect(done.stderr).toBe('');
      expect(done.code).toBe(0);
      expect(done.stdout).toMatch(/Embedded database: online, through the running server/);
      expect(done.stdout).toMatch(/Attachments: 1 files/);
    });
    const fresh = await tempDir('pglite-restored');
    const restored = await script('restore', [backup], { DATA_DIR: fresh });
    console.log(restored.stdout.trim());
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    // Only the attachment of before the backup was copied.
    expect(await readdir(path.join(fresh, 'attachments'), { recursive: true })).toHaveLength(2);

    const second = await startServer({ dataDir: fresh });
    try {
      await checkRestored(second, 'pglite', written);
      // A running server's folder is never restored over, even with --force.
      const busy = await script('restore', [backup, '--force'], { DATA_DIR: fresh });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/a server is running on .*stop it first/);
    } finally {
      await second.stop();
    }
    await checkRefusals(backup, { DATA_DIR: fresh });

    // A backup of the wrong kind, and a folder that is not a backup.
    const wrongKind = await script('restore', [backup], { DATA_DIR: fresh, DATABASE_URL: PG_URL });
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toMatch(/backup of the embedded database .* DATABASE_URL is set/);
    const notBackup = path.join(await tempDir('not-a-backup'), 'x');
    await mkdir(notBackup);
    await writeFile(path.join(notBackup, 'manifest.json'), JSON.stringify({ kind: 'something-else' }));
    const refused = await script('restore', [notBackup], { DATA_DIR: await tempDir('unused') });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not a backup of the open platform/);
  });

  it('of PostgreSQL, pg_dump of the schema restored into a new database, with its attachments', async () => {
    const schema = `e2e_br_${randomBytes(5).toString('hex')}`;
    const database = `e2e_br_restored_${randomBytes(5).toString('hex')}`;
    await admin(PG_URL, `create schema ${schema}`);
    cleanups.push(() => admin(PG_URL, `drop schema if exists ${schema} cascade`));
    await admin(PG_URL, `create database ${database}`);
    cleanups.push(() => admin(PG_URL, `drop database if exists ${database} with (force)`));
    const sourceUrl = withSchema(PG_URL, schema);
    const targetBase = new URL(PG_URL);
    targetBase.pathname = `/${database}`;
    const targetUrl = withSchema(targetBase.toString(), schema);

    const dataDir = await tempDir('pg-data');
    const server = await startServer({ dataDir, env: { DATABASE_URL: sourceUrl } });
    cleanups.push(() => server.stop());
    const backup = path.join(await tempDir('pg-backups'), 'backup-1');
    const written = await writeAroundBackup(server, 'postgres', async () => {
      const done = await script('backup', [backup], { DATA_DIR: dataDir, DATABASE_URL: sourceUrl });
      console.log(done.stdout.trim());
      expect(done.stderr).toBe('');
      expect(done.code).toBe(0);
      expect(done.stdout).toContain(`pg_dump --format=custom of schema ${schema}`);
    });
    expect(existsSync(path.join(backup, 'database.pgdump'))).toBe(true);

    const fresh = await tempDir('pg-restored');
    const restoredEnv = { DATA_DIR: fresh, DATABASE_URL: targetUrl };
    const restored = await script('restore', [backup], restoredEnv);
    console.log(restored.stdout.trim());
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);

    const second = await startServer({ dataDir: fresh, env: { DATABASE_URL: targetUrl } });
    try {
      await checkRestored(second, 'postgres', written);
    } finally {
      await second.stop();
    }
    await checkRefusals(backup, restoredEnv);

    // Wrong kind: a PostgreSQL backup without DATABASE_URL.
    const wrongKind = await script('restore', [backup], { DATA_DIR: await tempDir('unused-pg') });
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toMatch(/backup of a PostgreSQL database .* DATABASE_URL is not set/);
  });
});
