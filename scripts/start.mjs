#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
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

/**
 * Whether the port the server will ask for is free, checked before a build that can take a
 * minute: a person should learn at once that it is taken, not after the wait. The server checks
 * again when it listens (something may take the port meanwhile) and says so the same way.
 * @param {number} port
 * @param {string} host
 * @returns {Promise<string | undefined>} why it cannot be used, or undefined when it can
 */
function portProblem(port, host) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      resolve(
        error.code === 'EADDRINUSE'
          ? `port ${port} is already in use; stop what holds it or choose another, for example PORT=${port + 1} npm start`
          : error.message,
      );
    });
    probe.listen({ port, host }, () => probe.close(() => resolve(undefined)));
  });
}

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST?.trim() || '127.0.0.1';
// A PORT that is not a port is left to the server, which names the setting in its message.
if (Number.isInteger(port) && port > 0 && port <= 65535) {
  const problem = await portProblem(port, host);
  if (problem) {
    console.error(`Cannot start on ${host}:${port}: ${problem}.`);
    process.exit(1);
  }
}

/**
 * TypeScript 7's compiler (the native one, about 3x faster here); the `typescript` package stays
 * at 6 for the tools that need its JavaScript API (typescript-eslint), as TypeScript 7's
 * announcement lays out.
 */
const TSC = path.join(root, 'node_modules/typescript7/bin/tsc');

const mtime = (/** @type {string} */ file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const protocolSrc = newest(path.join(root, 'packages/protocol/src'));
const targets = [
  {
    name: 'server',
    output: path.join(root, 'packages/server/dist/main.js'),
    sources: Math.max(protocolSrc, newest(path.join(root, 'packages/server/src'))),
    command: { cmd: process.execPath, args: [TSC, '-b', 'packages/server/tsconfig.build.json'] },
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
  const built = mtime(target.output);
  if (built >= target.sources) continue;
  const why = built === 0 ? 'first build' : 'its sources changed since the last build';
  console.log(`Building the ${target.name} (${why}; this can take a minute)…`);
  const started = Date.now();
  const result = spawnSync(target.command.cmd, target.command.args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`Built the ${target.name} in ${Math.round((Date.now() - started) / 1000)} s.`);
}

// A person at a terminal wants the banner and the warnings, not a JSON line per request; a
// process manager or a container (no terminal) keeps the server's default, info. LOG_LEVEL
// chooses either way.
const env = { ...process.env };
if (process.stdout.isTTY && env.LOG_LEVEL === undefined) {
  env.LOG_LEVEL = 'warn';
  console.log('Request logs are off in this terminal; LOG_LEVEL=info npm start shows them.');
}

// The server runs as a child, so the signals a process manager, a container or Ctrl-C send to
// this launcher are passed on: the server shuts down cleanly and frees its port, and the
// launcher exits with the server's own status.
const server = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
// npm passes SIGINT and SIGTERM on to this launcher, but dies of a SIGHUP sent to it alone
// (`kill -HUP <npm>`), which left the server on its port with no one to stop it. When the
// process that started this one is gone, the server is stopped as on SIGTERM: it drains and
// frees the port. (Polled: Node has no event for it, and a check costs one system call.)
const launchedBy = process.ppid;
setInterval(() => {
  if (process.ppid !== launchedBy && server.exitCode === null) server.kill('SIGTERM');
}, 500).unref();
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
});
