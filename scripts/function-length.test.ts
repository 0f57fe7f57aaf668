import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No function a newcomer cannot read in one sitting (issue #37): none over 150 lines, and none
 * over 100 without the reason in its comment (`Over 100 lines:` and why, in the comment right
 * above the function or above the declaration holding it). Counted here, by TypeScript's own
 * parser, as the lines of a function, arrow function or method from its first to its last that
 * hold code: blank lines and lines of comment only do not count. A function inside another
 * counts in both. Shipped code only (no tests, no dictionaries).
 */
const MAX_LINES = 150;
const LINES_WITHOUT_REASON = 100;
const REASON = 'Over 100 lines:';

const root = new URL('../', import.meta.url);
const folders = ['packages/server/src', 'packages/web/src', 'packages/softphone/src', 'packages/protocol/src'];

interface Measured {
  lines: number;
  /** Its comment, or that of the declaration holding it, says why it is over 100 lines. */
  reasoned: boolean;
}

/** The comments right above `node` or the declarations holding it (up to its statement). */
function leadingComments(node: ts.Node, text: string): string {
  let out = '';
  for (let at = node; !ts.isSourceFile(at); at = at.parent) {
    for (const range of ts.getLeadingCommentRanges(text, at.getFullStart()) ?? [])
      out += text.slice(range.pos, range.end);
    if (ts.isStatement(at)) break;
  }
  return out;
}

/** Every function of the shipped code with its length in lines of code, keyed `file name`. */
function functionLengths(): Map<string, Measured> {
  const lengths = new Map<string, Measured>();
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
          const reasoned = leadingComments(node, text).includes(REASON);
          const known = lengths.get(key);
          if (!known || known.lines < code) lengths.set(key, { lines: code, reasoned });
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
  const lengths = [...functionLengths()];

  it(`has no function over ${MAX_LINES} lines`, () => {
    const over = lengths.filter(([, { lines }]) => lines > MAX_LINES).map(([key, { lines }]) => `${key}: ${lines}`);
    expect(over).toEqual([]);
  });

  it(`says why a function is over ${LINES_WITHOUT_REASON} lines`, () => {
    const unexplained = lengths
      .filter(([, { lines, reasoned }]) => lines > LINES_WITHOUT_REASON && !reasoned)
      .map(([key, { lines }]) => `${key}: ${lines}`);
    expect(unexplained).toEqual([]);
  });

  it('counts what it should: the one long function left, a migration, is found with its reason', () => {
    expect(lengths.filter(([, { lines }]) => lines > LINES_WITHOUT_REASON)).toEqual([
      ['packages/server/src/db/migrations/20261123T1600_search_filter.ts up', { lines: 120, reasoned: true }],
    ]);
  });
});
