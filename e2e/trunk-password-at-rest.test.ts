/**
 * A trunk's password at rest (issue #39, item 7), on the built server as an operator runs it:
 * saved through the CMS API, it is in no file of the data folder (table files and WAL) and not
 * in an online backup, while the trunk's host name, stored in the clear beside it, is found in
 * both (so the search would see the password if it were there). A restart without the key is
 * refused with a message; a rotation (new key first, old second) re-seals it and the old key can
 * then go.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parseSecretKey } from '../packages/server/src/secret-box.js';
import { startServer } from './harness.js';
import { adminSession } from './trunk-helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OLD_KEY = randomBytes(32).toString('base64');
const NEW_KEY = randomBytes(32).toString('hex');
const keyId = (text: string): string => {
  const key = parseSecretKey(text, 'test');
  if (typeof key === 'string') throw new Error(key);
  return key.id;
};

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** Every file under `folder`, whole, `.gz` files unpacked: what a thief of the disk or the backup reads. */
async function filesUnder(folder: string): Promise<Buffer> {
  const names = await readdir(folder, { recursive: true, withFileTypes: true });
  const parts = await Promise.all(
    names
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const bytes = await readFile(path.join(entry.parentPath, entry.name));
        return entry.name.endsWith('.gz') ? gunzipSync(bytes) : bytes;
      }),
  );
  return Buffer.concat(parts);
}

function backUp(dataDir: string, into: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/backup.mjs'), into], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    // 'close': after the output is read to its end ('exit' can come first).
    child.on('close', (code) => {
      resolve({ code, output });
    });
  });
}

describe('a trunk password at rest', () => {
  it('is in neither the data folder nor a backup; a start without its key is refused; keys rotate', async () => {
    const password = `pw-${randomBytes(9).toString('hex')}`;
    const host = `sip-${randomBytes(6).toString('hex')}.carrier.example`;
    const work = await mkdtemp(path.join(tmpdir(), 'open-secrets-'));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const dataDir = path.join(work, 'data');
    // A restart of the run's first start, as an upgraded node would be.
    await cp(inject('e2eDataTemplate'), dataDir, { recursive: true });

    const first = await startServer({ dataDir, env: { SECRETS_KEY: OLD_KEY } });
    cleanups.push(() => first.stop());
    const admin = await adminSession(first.origin);
    await admin.setTrunk({ enabled: false, host, username: 'acme', password });
    const backup = path.join(work, 'backup');
    const done = await backUp(dataDir, backup);
    expect(done.code, done.output).toBe(0);
    await first.stop();

    const disk = await filesUnder(dataDir);
    const copy = await filesUnder(backup);
    expect(disk.includes(host), 'the host name, stored in the clear, is found in the data folder').toBe(true);
    expect(copy.includes(host), 'and in the backup').toBe(true);
    expect(disk.includes(password)).toBe(false);
    expect(copy.includes(password)).toBe(false);

    // Without the key: refused, saying what to set.
    const refused = await startServer({ dataDir }).then(
      (server) => server.stop().then(() => 'started'),
      (error: unknown) => String(error),
    );
    expect(refused).toContain('server exited with 1');
    expect(refused).toContain('Cannot start: The SIP trunks of ');
    expect(refused).toContain(
      'keep a password, which is stored sealed with a key: set SECRETS_KEY or SECRETS_KEY_FILE',
    );
    // With another key only: refused, naming the key that sealed it.
    const wrong = await startServer({ dataDir, env: { SECRETS_KEY: NEW_KEY } }).then(
      (server) => server.stop().then(() => 'started'),
      (error: unknown) => String(error),
    );
    expect(wrong).toContain(`(key ${keyId(OLD_KEY)}) do not open with the keys`);

    // A rotation: the new key first, the old one after it, for one start.
    const rotating = await startServer({ dataDir, env: { SECRETS_KEY: `${NEW_KEY},${OLD_KEY}` } });
    expect(rotating.output()).toContain(
      `0 SIP trunk password(s) stored in the clear now sealed, 1 re-sealed with the key ${keyId(NEW_KEY)}.`,
    );
    await rotating.stop();
    const after = await startServer({ dataDir, env: { SECRETS_KEY: NEW_KEY } });
    cleanups.push(() => after.stop());
    const trunk = await adminSession(after.origin).then((session) =>
      session.call('cms/get_trunk', { tenant_id: session.tenantId }),
    );
    expect(trunk.data).toMatchObject({ host, username: 'acme', has_password: true });
    expect(JSON.stringify(trunk)).not.toContain(password);
  });
});
