import { describe, expect, it } from 'vitest';
import type { DocCategory } from '@open/protocol/api';
import { flatten, pathTo, withDocuments } from './tree';

const node = (id: string, children: DocCategory[] = []): DocCategory => ({
  _id: id,
  name: id.toUpperCase(),
  parent_id: null,
  sort: 0,
  resource_count: 0,
  children,
});
const tree = [node('a', [node('a1'), node('a2', [node('a2x')])]), node('b')];

describe('category tree helpers', () => {
  it('finds the path from a root to a category at any depth', () => {
    expect(pathTo(tree, 'a2x').map((c) => c._id)).toEqual(['a', 'a2', 'a2x']);
    expect(pathTo(tree, 'b').map((c) => c._id)).toEqual(['b']);
    expect(pathTo(tree, 'missing')).toEqual([]);
  });

  it('flattens depth first with depths', () => {
    expect(flatten(tree).map(({ category, depth }) => `${category._id}:${depth}`)).toEqual([
      'a:0',
      'a1:1',
      'a2:1',
      'a2x:2',
      'b:0',
    ]);
  });

  it('keeps only the categories with documents in them or below them', () => {
    const counted = (id: string, count: number, children: DocCategory[] = []) => ({
      ...node(id, children),
      resource_count: count,
    });
    const list = [
      counted('a', 3, [counted('a1', 0), counted('a2', 3, [counted('a2x', 3), counted('a2y', 0)])]),
      counted('empty', 0, [counted('empty-child', 0)]),
      counted('b', 1),
    ];
    expect(flatten(withDocuments(list)).map(({ category }) => category._id)).toEqual(['a', 'a2', 'a2x', 'b']);
  });
});
