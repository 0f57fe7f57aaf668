import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { routeModules } from './route-closure.mjs';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const routerFile = path.join(webDir, 'src/app/router.tsx');

/** Every `import('…')` in router.tsx, read from its syntax tree (comments and strings aside). */
function lazySpecifiers(): string[] {
  const source = ts.createSourceFile(routerFile, readFileSync(routerFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (!argument || !ts.isStringLiteralLike(argument)) {
        throw new Error(`router.tsx: a lazy import whose module is not a plain string: ${node.getText()}`);
      }
      found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A specifier of router.tsx as routeModules names it: the file, relative to packages/web. */
function moduleFile(specifier: string): string {
  const base = path.resolve(path.dirname(routerFile), specifier);
  const file = ['.tsx', '.ts'].map((extension) => base + extension).find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`router.tsx imports ${specifier}, which is not a .tsx or .ts file`);
  return path.relative(webDir, file).split(path.sep).join('/');
}

const unique = (files: readonly string[]) => [...new Set(files)].sort();

describe('the route list of the bundle checks', () => {
  it('names exactly the page modules router.tsx loads lazily', () => {
    const lazy = unique(lazySpecifiers().map(moduleFile));
    // The parse found the pages at all (a broken walk would make the comparison vacuous).
    expect(lazy).toContain('src/doc/DocPage.tsx');
    // A page added to the router without a route here would escape the weight checks, and a
    // route here for a page the router no longer loads would fail them for the wrong reason.
    expect(unique(Object.values(routeModules).flat())).toEqual(lazy);
  });
});
