import { describe, expect, it } from 'vitest';
import type { CmsCategory } from '@open/protocol/api';
import { categoryText, closedCategoryIds, moveWithinTree, openCategoryIds, siblingsOf } from './tree-moves';

const node = (id: string, parent: string | null, children: CmsCategory[] = []): CmsCategory => ({
  _id: id,
  parent_id: parent,
  kind: 'docs',
  status: 1,
  sort: 0,
  revision: 1,
  name: id,
  names: { en: id },
  resource_count: 0,
  updated_at: '2026-11-23T00:00:00.000Z',
  updated_by: null,
  children,
});
// a ( a1, a2 ( a2x ) ), b
const tree = [node('a', null, [node('a1', 'a'), node('a2', 'a', [node('a2x', 'a2')])]), node('b', null)];

describe('moving categories', () => {
  it('moves one step up or down among its siblings, and not past the ends', () => {
    expect(moveWithinTree(tree, 'a2', { up: true })).toEqual({ parent_id: 'a', ids: ['a2', 'a1'] });
    expect(moveWithinTree(tree, 'a', { down: true })).toEqual({ parent_id: null, ids: ['b', 'a'] });
    expect(moveWithinTree(tree, 'a1', { up: true })).toBeUndefined();
    expect(moveWithinTree(tree, 'b', { down: true })).toBeUndefined();
  });

  it('moves into a category as its last child, and after a category among its siblings', () => {
    expect(moveWithinTree(tree, 'b', { into: 'a2' })).toEqual({ parent_id: 'a2', ids: ['a2x', 'b'] });
    expect(moveWithinTree(tree, 'a2x', { after: 'a1' })).toEqual({ parent_id: 'a', ids: ['a1', 'a2x', 'a2'] });
  });

  it('outdents a category to just after its former parent', () => {
    expect(moveWithinTree(tree, 'a2x', { outdent: true })).toEqual({ parent_id: 'a', ids: ['a1', 'a2', 'a2x'] });
    expect(moveWithinTree(tree, 'a1', { outdent: true })).toEqual({ parent_id: null, ids: ['a', 'a1', 'b'] });
    expect(moveWithinTree(tree, 'a', { outdent: true })).toBeUndefined();
  });

  it('never puts a category under itself or its descendants', () => {
    expect(moveWithinTree(tree, 'a', { into: 'a2x' })).toBeUndefined();
    expect(moveWithinTree(tree, 'a', { into: 'a' })).toBeUndefined();
    expect(moveWithinTree(tree, 'a2', { after: 'a2x' })).toBeUndefined();
  });

  it('finds siblings at any depth, and writes names one language a line', () => {
    expect(siblingsOf(tree, 'a2x').map((c) => c._id)).toEqual(['a2x']);
    expect(siblingsOf(tree, 'b').map((c) => c._id)).toEqual(['a', 'b']);
    expect(categoryText({ names: { 'zh-CN': '指南', en: 'Guides' } })).toBe('en: Guides\nzh-CN: 指南\n');
  });
});

describe('the categories a picker shows open', () => {
  it('opens every category with children but the closed ones', () => {
    expect(openCategoryIds(tree, new Set())).toEqual(['a', 'a2']);
    expect(openCategoryIds(tree, new Set(['a']))).toEqual(['a2']);
  });

  it('opens a category that has just gained its first child', () => {
    const grown = [tree[0] ?? node('a', null), node('b', null, [node('b1', 'b')])];
    expect(openCategoryIds(grown, closedCategoryIds(tree, ['a', 'a2']))).toEqual(['a', 'a2', 'b']);
  });

  it('remembers what the person closed', () => {
    expect([...closedCategoryIds(tree, ['a2'])]).toEqual(['a']);
  });
});
