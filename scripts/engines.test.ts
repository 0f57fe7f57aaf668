import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import semver from 'semver';

interface Lock {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; dev?: boolean }>;
}

const root = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as Lock;

describe('the Node version the README promises', () => {
  it('is a range every installed package supports, so `npm ci` prints no engine warning', () => {
    const promised = semver.minVersion(manifest.engines.node);
    if (!promised) throw new Error(`engines.node is not a range: ${manifest.engines.node}`);
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name.startsWith('node_modules/') || name.includes('/node_modules/'))
      .flatMap(([name, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted && !semver.satisfies(promised, wanted)
          ? [`${name}@${entry.version ?? '?'} wants node ${wanted}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });
});
