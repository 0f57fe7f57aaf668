#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time of any file below `dir` (0 when it does not exist). @param {string} dir */
function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const mtime = (/** @type {string} */ file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const protocolSrc = newest(path.join(root, 'packages/protocol/src'));
const targets = [
  {
    name: 'server',
    output: path.join(root, 'packages/server/dist/main.js'),
    sources: Math.max(protocolSrc, newest(path.join(root, 'packages/server/src'))),
    command: { cmd: 'npx', args: ['tsc', '-b', 'packages/server/tsconfig.build.json'] },
  },
  {
    name: 'web client',
    output: path.join(root, 'packages/web/dist/index.html'),
    sources: Math.max(
      protocolSrc,
      newest(path.join(root, 'packages/web/src')),
      newest(path.join(root, 'packages/web/build')),
    ),
    command: { cmd: 'npm', args: ['run', 'build', '-w', '@open/web'] },
  },
  {
    name: 'softphone (SDK and phone)',
    output: path.join(root, 'packages/softphone/dist/phone/index.html'),
    sources: Math.max(protocolSrc, newest(path.join(root, 'packages/softphone/src'))),
    command: { cmd: 'npm', args: ['run', 'build', '-w', '@open/softphone'] },
  },
];

for (const target of targets) {
  if (mtime(target.output) >= target.sources) continue;
  console.log(`Building the ${target.name}…`);
  const result = spawnSync(target.command.cmd, target.command.args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs as a child, so the signals a process manager, a container or Ctrl-C send to
// this launcher are passed on: the server shuts down cleanly and frees its port, and the
// launcher exits with the server's own status.
const server = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
});
