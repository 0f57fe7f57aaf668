import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycle in any package, type-only imports included (issue #37): a file that imports,
 * however indirectly, what imports it cannot be read on its own. Imports are read by
 * TypeScript's own pre-processor; relative ones and `@open/protocol/*` are resolved to files.
 * The walls (eslint.config.js) keep folders in their floors; this keeps the files of a folder
 * in an order too.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = [
  'packages/server/src',
  'packages/server/test',
  'packages/web/src',
  'packages/softphone/src',
  'packages/softphone/test',
  'packages/protocol/src',
];

function sourceFiles(): string[] {
  return folders.flatMap((folder) =>
    existsSync(path.join(root, folder))
      ? readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
          .filter((name) => /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts'))
          .map((name) => path.join(root, folder, name))
      : [],
  );
}

/** Every file's imports, as files of the same set. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const fileOf = (base: string) => {
    const stem = base.replace(/\.js$/, '');
    return [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts')].find((candidate) => known.has(candidate));
  };
  const resolve = (from: string, specifier: string) => {
    if (specifier.startsWith('.')) return fileOf(path.resolve(path.dirname(from), specifier));
    if (specifier.startsWith('@open/protocol/'))
      return fileOf(path.join(root, 'packages/protocol/src', specifier.slice('@open/protocol/'.length)));
    return undefined;
  };
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles.map((imported) => resolve(file, imported.fileName));
      return [file, targets.filter((target): target is string => target !== undefined)];
    }),
  );
}

/** The groups of files that reach each other (Tarjan's strongly connected components), of two or more. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}

describe('imports', () => {
  const graph = importGraph(sourceFiles());

  it('form no cycle, type-only imports included', () => {
    expect(cycles(graph).map((group) => group.map((file) => path.relative(root, file)))).toEqual([]);
  });

  it('are read: the engine imports its parts, and the cycle finder finds a cycle made up here', () => {
    const engine = path.join(root, 'packages/server/src/cti/engine/engine.ts');
    expect(graph.get(engine)).toContain(path.join(root, 'packages/server/src/cti/engine/engine-agents.ts'));
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });
});
