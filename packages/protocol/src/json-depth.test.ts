import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.js';

/** The nesting depth of a parsed JSON value, the reference the scan must agree with. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? (value as unknown[]) : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, up to the bound and past it', () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
    expect(nestsDeeperThan('[1,2,3]', 0)).toBe(true);
    expect(nestsDeeperThan('"text"', 0)).toBe(false);
  });

  it('judges text that is cut short by what arrived (the parser refuses it anyway)', () => {
    expect(nestsDeeperThan('['.repeat(1_000_000), 64)).toBe(true);
    expect(nestsDeeperThan('['.repeat(64), 64)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes and backslashes included', () => {
    const inString = JSON.stringify({ note: `${'['.repeat(100)}"\\${'{'.repeat(100)}` });
    expect(nestsDeeperThan(inString, 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: '\\\\', b: [['\\"[']] }), 3)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: '\\\\', b: [['\\"[']] }), 2)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify(['\\', ['\\"', [[]]]]), 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify(['\\', ['\\"', [[]]]]), 4)).toBe(false);
  });

  it('agrees with the parsed depth of any JSON value, strings of quotes, backslashes and brackets included', () => {
    // Strings made of what the scan must see through, so escapes and brackets in them are common.
    const tricky = fc.string({ unit: fc.constantFrom('"', '\\', '[', ']', '{', '}', 'a'), maxLength: 6 });
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        tricky,
        fc.integer(),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(tricky, tie('value'), { maxKeys: 3 }),
      ),
    }));
    fc.assert(
      fc.property(fc.oneof(value, fc.jsonValue({ maxDepth: 8 })), fc.integer({ min: 0, max: 10 }), (json, max) => {
        const text = JSON.stringify(json);
        expect(nestsDeeperThan(text, max)).toBe(depthOf(JSON.parse(text)) > max);
      }),
      { numRuns: 3_000, seed: 20_261_201 },
    );
  });
});
