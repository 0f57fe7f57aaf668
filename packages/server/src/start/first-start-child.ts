import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PrepareOptions } from './prepare-database.js';

/** first-start.ts beside this file, as built (dist/start/first-start.js). */
const entry = fileURLToPath(new URL('./first-start.js', import.meta.url));

/**
 * Makes, migrates and seeds the embedded database in `folder` in a short-lived child process
 * (first-start.ts says why); resolves with whether it seeded the demo data, rejects with the
 * child's own reason.
 */
export async function firstStartInChildProcess(folder: string, options: PrepareOptions): Promise<boolean> {
  await mkdir(folder, { recursive: true });
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [entry, folder], (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`the first start in ${folder} failed: ${stderr.trim() || error.message}`));
        return;
      }
      const last = stdout.trim().split('\n').at(-1) ?? '';
      try {
        resolve((JSON.parse(last) as { seeded?: unknown }).seeded === true);
      } catch {
        reject(new Error(`the first start in ${folder} said nothing readable: ${last}`));
      }
    });
    // On its standard input, not its command line, which anyone on the machine can read (ps).
    child.stdin?.end(JSON.stringify(options));
  });
}
