// `npm run restore` of a damaged backup of the embedded database (docs/DEPLOY.md, "Backup and
// restore", issue #38): it refuses in one line before anything changes, a restore that fails
// midway leaves the live database as it was, and a backup made before manifests had a checksum
// still restores. The scripts run as child processes on a DATA_DIR this file fills and backs up.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import '../packages/server/test/provided-context.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function tempDir(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `open-restore-${name}-`));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs scripts/<name>.mjs as `npm run <name>` would. The child sees only these variables, so a
 * PostgreSQL URL set for the test run cannot send it to PostgreSQL.
 */
function script(name: 'backup' | 'restore', args: string[], dataDir: string, nodeArgs: string[] = []) {
  return new Promise<ScriptRun>((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'scripts', `${name}.mjs`), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    // 'close': after the output is read to its end ('exit' can come first).
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every file and folder under `dir`, a file by the SHA-256 of its bytes. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = entry.isFile() ? sha256(await readFile(full)) : 'folder';
  }
  return out;
}

/** The notes of the marker table, read by opening the folder as the server would. */
async function notes(folder: string): Promise<string[]> {
  const pglite = await PGlite.create(folder);
  try {
    const { rows } = await pglite.query<{ note: string }>('select note from restore_check order by id');
    return rows.map((row) => row.note);
  } finally {
    await pglite.close();
  }
}

interface Manifest {
  database: { file: string; bytes: number; sha256?: string };
}

let dataDir = '';
let live = '';
let backup = '';
let before: { entries: string[]; live: Record<string, string> };

/** A copy of the backup, its archive and manifest changed by `change`. */
async function damagedCopy(change: (archive: Buffer, manifest: Manifest) => Buffer): Promise<string> {
  const copy = path.join(await tempDir('damaged'), 'backup');
  await cp(backup, copy, { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(copy, 'manifest.json'), 'utf8')) as Manifest;
  const archive = path.join(copy, manifest.database.file);
  const changed = change(await readFile(archive), manifest);
  await writeFile(archive, changed);
  await writeFile(path.join(copy, 'manifest.json'), JSON.stringify(manifest));
  return copy;
}

/** A restore with --force over the live database, refused in one line that names `problem`. */
async function expectRefused(copy: string, problem: RegExp, nodeArgs: string[] = []): Promise<string> {
  const run = await script('restore', [copy, '--force'], dataDir, nodeArgs);
  expect(run.code).toBe(1);
  expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(problem)]);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(await readdir(dataDir)).toEqual(before.entries);
  expect(await snapshot(live)).toEqual(before.live);
  return run.stderr;
}

beforeAll(async () => {
  dataDir = await tempDir('data');
  live = path.join(dataDir, 'pglite');
  // The run's migrated database when there is one (an initdb costs seconds), else a fresh one.
  const template = inject('pgliteTemplate');
  const seeded = template ? { loadDataDir: new Blob([await readFile(template)]) } : {};
  const pglite = await PGlite.create(live, seeded);
  await pglite.exec(`create table restore_check (id int primary key, note text);
    insert into restore_check values (1, 'in the backup')`);
  await pglite.close();
  backup = path.join(await tempDir('backups'), 'backup');
  const done = await script('backup', [backup], dataDir);
  expect(done.stderr).toBe('');
  expect(done.code).toBe(0);
  // The live database moves on after the backup, so a restore of it is told apart from it.
  const again = await PGlite.create(live);
  await again.exec(`insert into restore_check values (2, 'after the backup')`);
  await again.close();
  before = { entries: await readdir(dataDir), live: await snapshot(live) };
}, 120_000);

describe('restore of a damaged backup of the embedded database', () => {
  it('gives the archive’s SHA-256 in the manifest', async () => {
    const manifest = JSON.parse(await readFile(path.join(backup, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.database.sha256).toBe(sha256(await readFile(path.join(backup, manifest.database.file))));
  });

  it('refuses an archive cut to half, changing nothing', async () => {
    const copy = await damagedCopy((archive) => archive);
    const archive = path.join(copy, 'pglite.tar.gz');
    await truncate(archive, Math.floor((await stat(archive)).size / 2));
    await expectRefused(
      copy,
      /pglite\.tar\.gz is damaged: it is \d+ bytes where manifest\.json says \d+.*Nothing was changed/,
    );
  });

  it('refuses an archive of the same length with bytes flipped in the middle', async () => {
    const flip = (archive: Buffer) => {
      const middle = Math.floor(archive.length / 2);
      for (let at = middle; at < middle + 16; at += 1) archive[at] = (archive[at] ?? 0) ^ 0xff;
      return archive;
    };
    await expectRefused(
      await damagedCopy(flip),
      /pglite\.tar\.gz is damaged: its SHA-256 is not the one manifest\.json gives.*Nothing was changed/,
    );
    // Without a checksum (a backup of before them), the gzip read to its end catches it.
    const legacy = await damagedCopy((archive, manifest) => {
      delete manifest.database.sha256;
      return flip(archive);
    });
    await expectRefused(legacy, /pglite\.tar\.gz is damaged: it does not decompress \(.+\)\. Nothing was changed/);
  });

  it('refuses an archive whose manifest gives another checksum or byte count', async () => {
    const otherSum = await damagedCopy((archive, manifest) => {
      manifest.database.sha256 = sha256(Buffer.from('another archive'));
      return archive;
    });
    await expectRefused(otherSum, /SHA-256 is not the one manifest\.json gives.*Nothing was changed/);
    const otherSize = await damagedCopy((archive, manifest) => {
      manifest.database.bytes += 1;
      return archive;
    });
    await expectRefused(otherSize, /it is \d+ bytes where manifest\.json says \d+.*Nothing was changed/);
  });

  it('leaves the live database as it was when the archive, checksum right, unpacks to half a folder', async () => {
    // A sound gzip of the first half of the tar: the checks pass and the unpacking fails midway.
    const halfTar = await damagedCopy((archive, manifest) => {
      const tar = gunzipSync(archive);
      const half = gzipSync(tar.subarray(0, Math.floor(tar.length / 2 / 512) * 512));
      manifest.database.bytes = half.length;
      manifest.database.sha256 = sha256(half);
      return half;
    });
    await expectRefused(
      halfTar,
      /did not unpack into a working database \(.+\)\. Nothing was changed: .*pglite is as it was/,
    );
  });

  it('puts the live database back when moving the restored one into place fails', async () => {
    // A write error on the one step after the live folder is set aside: renaming the restored
    // folder to DATA_DIR/pglite fails once with EIO, as a failing disk would.
    const faults = await tempDir('faults');
    const preload = path.join(faults, 'rename-fails-once.mjs');
    await writeFile(
      preload,
      `import fs from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
const rename = fs.rename;
let failed = false;
fs.rename = async (from, to) => {
  if (!failed && String(to).endsWith('/pglite')) {
    failed = true;
    throw Object.assign(new Error(\`EIO: i/o error, rename '\${from}' -> '\${to}'\`), { code: 'EIO' });
  }
  return rename(from, to);
};
syncBuiltinESMExports();
`,
    );
    const stderr = await expectRefused(backup, /could not move the restored database into .*pglite \(EIO/, [
      '--import',
      pathToFileURL(preload).href,
    ]);
    expect(stderr).toMatch(/the database that was there is back in .*pglite, as it was/);
  }, 60_000);

  it('restores a backup of before checksums after reading its archive to the end', async () => {
    const legacy = await damagedCopy((archive, manifest) => {
      delete manifest.database.sha256;
      return archive;
    });
    const run = await script('restore', [legacy, '--force'], dataDir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/read to the end to check it decompresses .* as manifest\.json has no checksum/);
    const aside = (await readdir(dataDir)).filter((name) => name.startsWith('pglite.replaced-'));
    expect(aside).toHaveLength(1);
    // The database set aside is the live one, whole after every refusal above.
    expect(await snapshot(path.join(dataDir, aside[0] ?? ''))).toEqual(before.live);
    expect(await notes(path.join(dataDir, aside[0] ?? ''))).toEqual(['in the backup', 'after the backup']);
    expect(await notes(live)).toEqual(['in the backup']);
  }, 60_000);
});
