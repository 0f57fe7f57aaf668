#!/usr/bin/env node
// The TURN browser test (e2e/softphone-turn.test.ts) relays calls through Debian's coturn;
// install it when it is missing, as ensure-chromium.mjs does Chromium (we run as root).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const TURNSERVER = '/usr/bin/turnserver';
if (existsSync(TURNSERVER)) process.exit(0);

console.log('Installing Debian coturn for the TURN browser test…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
// Only the first try needs fresh package lists; a machine that has them saves the download.
try {
  execSync('apt-get install -y -qq coturn', { stdio: 'inherit', env });
} catch {
  execSync('apt-get update -qq', { stdio: 'inherit', env });
  execSync('apt-get install -y -qq coturn', { stdio: 'inherit', env });
}
if (!existsSync(TURNSERVER)) {
  console.error(`apt-get finished but ${TURNSERVER} is still missing.`);
  process.exit(1);
}
