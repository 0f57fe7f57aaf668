import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { dictionaries, namespaces, type Namespace } from '@open/protocol/messages/index';
import { routeModules } from '../../build/route-closure.mjs';
import { routeNamespaces } from './route-namespaces';

const webDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The client's module a relative specifier names. Other packages are not followed: the keys in
 * the protocol (the error catalogue's, the softphone catalogue's) are data there, and a page uses
 * their namespace only where its own code translates them.
 */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

/** `@open/protocol/messages/softphone/en`: the module types keys of that namespace (`SoftphoneKey`). */
const DICTIONARY_IMPORT = /^@open\/protocol\/messages\/([^/]+)\//;

/** What one module imports at run time, the texts in it that may be translation keys, and the namespaces it types keys of. */
function scan(file: string): { imports: string[]; texts: string[]; prefixes: string[]; typed: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = { imports: [] as string[], texts: [] as string[], prefixes: [] as string[], typed: [] as string[] };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      if (!node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) return;
      const specifier = node.moduleSpecifier.text;
      const dictionary = DICTIONARY_IMPORT.exec(specifier)?.[1];
      if (dictionary !== undefined) found.typed.push(dictionary);
      // A type-only import brings no module along.
      const typeOnly = ts.isImportDeclaration(node)
        ? node.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword
        : node.isTypeOnly;
      if (!typeOnly) found.imports.push(specifier);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.imports.push(argument.text);
      return;
    }
    if (ts.isStringLiteralLike(node)) found.texts.push(node.text);
    // `agentLogin.thirdParty.${type}`: a key chosen at run time, by its fixed start.
    if (ts.isTemplateExpression(node)) found.prefixes.push(node.head.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const keysOf = new Map(namespaces.map((ns) => [ns, Object.keys(dictionaries[ns].en)]));

/** The namespaces whose keys the given modules, and the client modules they import, use. */
function namespacesUsed(entries: readonly string[]): Set<Namespace> {
  const used = new Set<Namespace>();
  const seen = new Set<string>();
  const queue = entries.map((entry) => path.join(webDir, entry));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const { imports, texts, prefixes, typed } = scan(file);
    for (const ns of namespaces) {
      const keys = keysOf.get(ns) ?? [];
      const isKey = (text: string) => text.startsWith(`${ns}.`) && keys.includes(text);
      const startsKey = (prefix: string) => prefix.startsWith(`${ns}.`) && keys.some((key) => key.startsWith(prefix));
      if (texts.some(isKey) || prefixes.some(startsKey) || typed.includes(ns)) used.add(ns);
    }
    for (const specifier of imports) {
      const target = resolve(file, specifier);
      if (target) queue.push(target);
    }
  }
  return used;
}

type Route = keyof typeof routeNamespaces;

/** The page modules of each route (its views included), from the list the bundle checks keep. */
function modulesByRoute(): Map<Route, string[]> {
  const byRoute = new Map<Route, string[]>();
  for (const [hash, modules] of Object.entries(routeModules)) {
    const route = hash.split('/')[1];
    if (!route || !Object.hasOwn(routeNamespaces, route))
      throw new Error(`${hash} is not a route of route-namespaces.ts`);
    const name = route as Route;
    byRoute.set(name, [...(byRoute.get(name) ?? []), ...modules]);
  }
  return byRoute;
}

/** Loaded at boot, so any page may use it and need not name it. */
const withoutShell = (ns: Iterable<Namespace>) => [...ns].filter((name) => name !== 'shell').sort();

describe('the dictionary namespaces each route loads', () => {
  const byRoute = modulesByRoute();

  it('are named for every route the router loads', () => {
    expect([...byRoute.keys()].sort()).toEqual(Object.keys(routeNamespaces).sort());
  });

  it.each([...byRoute])('#/%s loads exactly the namespaces its modules use', (route, modules) => {
    expect(withoutShell(routeNamespaces[route])).toEqual(withoutShell(namespacesUsed(modules)));
  });

  it('sees keys chosen at run time and keys typed from a dictionary (so the check above can fail)', () => {
    // LoginTest picks `agentLogin.thirdParty.${type}`; log-text.ts, `error.${name}`.
    expect(namespacesUsed(['src/diagnose/login/LoginTest.tsx'])).toContain('agentLogin');
    expect(namespacesUsed(['src/diagnose/shared/log-text.ts'])).toEqual(new Set(['error', 'diagnose']));
    // The demo translates the descriptions of the protocol's softphone catalogue (SoftphoneKey).
    expect(namespacesUsed(['src/demo/catalogue-text.ts'])).toEqual(new Set(['softphone']));
  });
});
