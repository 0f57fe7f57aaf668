import { describe, expect, it } from 'vitest';
import { movedTo } from './order';

describe('the order of a category', () => {
  it('moves a resource one place up or down', () => {
    expect(movedTo(['a', 'b', 'c'], 'b', 0)).toEqual(['b', 'a', 'c']);
    expect(movedTo(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
  });

  it('puts a dropped resource where the row it was dropped on was', () => {
    expect(movedTo(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a']);
    expect(movedTo(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
  });

  it('keeps a move past either end within the list', () => {
    expect(movedTo(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(movedTo(['a', 'b', 'c'], 'c', 3)).toEqual(['a', 'b', 'c']);
  });
});
