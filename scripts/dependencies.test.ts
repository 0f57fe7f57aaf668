import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every package declares what its shipped code imports: a package installed on its own (or
 * deployed with `npm ci --omit=dev`) must not rely on a neighbour having hoisted a module. Test
 * files and build scripts may use the root's dev tools; a type-only import may be a dev
 * dependency, since nothing of it runs.
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const packages = ['protocol', 'server', 'softphone', 'web'];
const builtins = new Set(builtinModules);

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The package a bare specifier names: `@scope/name` or `name`, without the subpath. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('virtual:')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? `${parts[0] ?? ''}/${parts[1] ?? ''}` : (parts[0] ?? '');
  return builtins.has(name) ? undefined : name;
}

const importLine = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

describe.each(packages)('packages/%s declares what it imports', (name) => {
  const dir = path.join(root, 'packages', name);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
  const runtime = new Set(Object.keys(manifest.dependencies ?? {}));
  const any = new Set([...runtime, ...Object.keys(manifest.devDependencies ?? {})]);

  it('in its shipped source', () => {
    const missing = new Set<string>();
    for (const file of sourceFiles(path.join(dir, 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(importLine)) {
        const pkg = packageOf(match[3] ?? match[4] ?? '');
        if (pkg === undefined) continue;
        const typeOnly = match[2] !== undefined;
        if (!(typeOnly ? any : runtime).has(pkg) && !(typeOnly && any.has(`@types/${pkg}`))) {
          missing.add(`${pkg} (${path.relative(root, file)})`);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('ships no runtime dependency that its source never imports', () => {
    const imported = new Set<string>();
    for (const file of sourceFiles(path.join(dir, 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(importLine)) {
        if (match[2] !== undefined) continue;
        const pkg = packageOf(match[3] ?? match[4] ?? '');
        if (pkg !== undefined) imported.add(pkg);
      }
    }
    // Served or loaded by name rather than imported: the softphone's built files, the database drivers' dialect.
    const usedWithoutImport = new Set(['@open/softphone']);
    expect([...runtime].filter((dep) => !imported.has(dep) && !usedWithoutImport.has(dep))).toEqual([]);
  });
});
