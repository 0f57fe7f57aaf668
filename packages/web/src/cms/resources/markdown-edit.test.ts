import { describe, expect, it } from 'vitest';
import { applyEdit } from './markdown-edit';

describe('toolbar edits', () => {
  it('wraps the selection and puts the caret after it', () => {
    expect(applyEdit('say hi now', 4, 6, { wrap: ['**', '**'] })).toEqual({ text: 'say **hi** now', caret: 8 });
  });

  it('starts the line the caret is on', () => {
    expect(applyEdit('one\ntwo', 5, 5, { line: '## ' })).toEqual({ text: 'one\n## two', caret: 8 });
  });

  it('puts a block on a paragraph of its own, replacing the selection', () => {
    const edited = applyEdit('text', 4, 4, { block: '![a](attachment:x)' });
    expect(edited.text).toBe('text\n\n![a](attachment:x)\n');
    expect(edited.caret).toBe(edited.text.length);
    expect(applyEdit('', 0, 0, { block: 'B' })).toEqual({ text: 'B\n', caret: 2 });
  });
});
