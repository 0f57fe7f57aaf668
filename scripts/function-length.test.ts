import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No function a newcomer cannot read in one sitting: none over 150 lines (issue #37). Counted
 * here, by TypeScript's own parser, as the lines of a function, arrow function or method from its
 * first to its last that hold code: blank lines and lines of comment only do not count. A
 * function inside another counts in both. Shipped code only (no tests, no dictionaries).
 *
 * Those still over the line are listed with their size today: the list may only shrink. A new
 * function over 150 lines, or a listed one that grows, fails; one split below the line must
 * leave the list, so it always says what is left to split.
 */
const MAX_LINES = 150;
const STILL_TO_SPLIT: Record<string, number> = {
  'packages/softphone/src/frame/media/media.ts createCallMedia': 430,
  'packages/server/src/cti/bus/redis-bus.ts createRedisCluster': 350,
  'packages/server/src/cti/engine/engine.ts createEngine': 319,
  'packages/server/src/cti/host/tenant-host.ts createTenantHost': 286,
  'packages/web/src/cms/categories/CategoriesPanel.tsx Component': 239,
  'packages/server/src/telephony/trunk-leg.ts dialTrunk': 234,
  'packages/server/src/cti/engine/calls/call-book.ts createCallBook': 213,
  'packages/server/src/content/resources/resource-cms.service.ts createResourceCmsService': 209,
  'packages/web/src/cms/call-centre/TenantFormModal.tsx TenantFormModal': 204,
  'packages/web/src/cms/resources/ResourceEditor.tsx Component': 200,
  'packages/server/src/cti/gateway/gateway.ts registerCtiGateway': 197,
  'packages/server/src/content/resources/resource.service.ts createResourceService': 190,
  'packages/web/src/demo/MethodsSection.tsx MethodsSection': 184,
  'packages/server/src/telephony/trunk-leg.ts answerTrunk': 175,
  'packages/web/src/cms/call-centre/TrunkSection.tsx TrunkForm': 175,
  'packages/web/src/cms/call-centre/AgentsSection.tsx AgentsSection': 174,
  'packages/server/src/cti/engine/calls/transfer.ts createTransfers': 171,
  'packages/server/src/cti/gateway/gateway.ts handleSocket': 169,
  'packages/softphone/src/frame/views/Phone.tsx Phone': 165,
  'packages/web/src/doc/resource/DocSingle.tsx Component': 164,
  'packages/softphone/src/sdk/softphone.ts mount': 162,
  'packages/web/src/cms/versions/VersionsPanel.tsx Component': 160,
  'packages/web/src/demo/LoginSection.tsx LoginSection': 159,
  'packages/web/src/cms/call-centre/AgentFormModal.tsx AgentFormModal': 158,
  'packages/softphone/src/frame/views/CallPanel.tsx CallPanel': 154,
  'packages/web/src/diagnose/login/LoginTest.tsx LoginTest': 152,
  'packages/server/src/main.ts main': 151,
};

const root = new URL('../', import.meta.url);
const folders = ['packages/server/src', 'packages/web/src', 'packages/softphone/src', 'packages/protocol/src'];

/** Every function of the shipped code with its length in lines of code, keyed `file name`. */
function functionLengths(): Map<string, number> {
  const lengths = new Map<string, number>();
  for (const folder of folders) {
    for (const name of readdirSync(new URL(folder, root), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name) || name.startsWith('messages/')) continue;
      const file = `${folder}/${name}`;
      const text = readFileSync(new URL(file, root), 'utf8');
      const lines = text.split('\n');
      const kind = name.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
      const visit = (node: ts.Node, outerName: string | undefined): void => {
        const named =
          ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) ? node.name.getText(source) : outerName;
        if (
          ts.isFunctionDeclaration(node) ||
          ts.isFunctionExpression(node) ||
          ts.isArrowFunction(node) ||
          ts.isMethodDeclaration(node)
        ) {
          const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const last = source.getLineAndCharacterOfPosition(node.end).line;
          const code = lines
            .slice(first, last + 1)
            .filter((line) => line.trim() !== '' && !/^\s*(\/\/|\/\*|\*)/.test(line)).length;
          const key = `${file} ${node.name?.getText(source) ?? named ?? '(anonymous)'}`;
          lengths.set(key, Math.max(code, lengths.get(key) ?? 0));
        }
        ts.forEachChild(node, (child) => {
          visit(child, named);
        });
      };
      visit(source, undefined);
    }
  }
  return lengths;
}

describe('the length of functions', () => {
  const lengths = functionLengths();
  const over = [...lengths].filter(([, lines]) => lines > MAX_LINES);

  it(`has no new function over ${MAX_LINES} lines, and none of those still to split grows`, () => {
    const grown = over
      .filter(([key, lines]) => lines > (STILL_TO_SPLIT[key] ?? MAX_LINES))
      .map(([key, lines]) => `${key}: ${lines} lines (${STILL_TO_SPLIT[key] ?? MAX_LINES} allowed)`);
    expect(grown).toEqual([]);
  });

  it('lists only functions still over the line', () => {
    const split = Object.keys(STILL_TO_SPLIT).filter((key) => (lengths.get(key) ?? 0) <= MAX_LINES);
    expect(split).toEqual([]);
  });

  it('counts what it should: the longest function found is the longest listed', () => {
    expect(Math.max(...over.map(([, lines]) => lines))).toBe(Math.max(...Object.values(STILL_TO_SPLIT)));
  });
});
