#!/usr/bin/env node
// The SIP trunk tests (e2e/trunk-*.test.ts) and the trunk benchmark use Debian's media relay
// (rtpengine, in user space), SIPp as the carrier, baresip as the far-end telephone and Kamailio
// (with its Redis module) as the SIP edge; install them when one is missing, as
// ensure-chromium.mjs does Chromium (we run as root).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needed = {
  '/usr/bin/rtpengine': 'rtpengine-daemon',
  '/usr/bin/sipp': 'sip-tester',
  '/usr/bin/baresip': 'baresip',
  '/usr/sbin/kamailio': 'kamailio',
};
// A module has no binary of its own to look for: ask dpkg.
const neededPackages = ['kamailio-redis-modules'];
/** @param {string} pkg */
const installed = (pkg) => {
  try {
    return execSync(`dpkg-query -W -f='\${Status}' ${pkg}`, { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .includes('install ok installed');
  } catch {
    return false;
  }
};
const missing = [
  ...Object.entries(needed)
    .filter(([binary]) => !existsSync(binary))
    .map(([, pkg]) => pkg),
  ...neededPackages.filter((pkg) => !installed(pkg)),
];
if (missing.length === 0) process.exit(0);

console.log(`Installing Debian ${missing.join(', ')} for the SIP trunk tests…`);
// The packages' services are the deployment's business: the tests start their own instances.
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
const install = `apt-get install -y -qq ${missing.join(' ')}`;
// Only the first try needs fresh package lists; a machine that has them saves the download.
try {
  execSync(install, { stdio: 'inherit', env });
} catch {
  execSync('apt-get update -qq', { stdio: 'inherit', env });
  execSync(install, { stdio: 'inherit', env });
}
const still = [
  ...Object.keys(needed).filter((binary) => !existsSync(binary)),
  ...neededPackages.filter((pkg) => !installed(pkg)),
];
if (still.length > 0) {
  console.error(`apt-get finished but ${still.join(', ')} is still missing.`);
  process.exit(1);
}
