/** A toolbar action: wraps the selection, or starts a line, or inserts a block. */
export type Edit = { wrap: [string, string] } | { line: string } | { block: string };

/** The Markdown editor's toolbar: each button's label, its name (a key) and its edit. */
export const actions = [
  { key: 'cms.editor.bold', label: 'B', edit: { wrap: ['**', '**'] } },
  { key: 'cms.editor.italic', label: 'I', edit: { wrap: ['_', '_'] } },
  { key: 'cms.editor.heading', label: 'H', edit: { line: '## ' } },
  { key: 'cms.editor.link', label: '[ ]( )', edit: { wrap: ['[', '](https://)'] } },
  { key: 'cms.editor.code', label: '</>', edit: { block: '```js\n\n```' } },
  { key: 'cms.editor.list', label: '•', edit: { line: '- ' } },
  { key: 'cms.editor.table', label: '▦', edit: { block: '| A | B |\n| --- | --- |\n|  |  |' } },
  { key: 'cms.editor.tip', label: ':::', edit: { block: '::: tip\n\n:::' } },
] as const satisfies readonly { key: string; label: string; edit: Edit }[];

/** The text with `edit` applied at the selection, and where the caret goes. */
export function applyEdit(text: string, start: number, end: number, edit: Edit): { text: string; caret: number } {
  const selected = text.slice(start, end);
  if ('wrap' in edit) {
    const [before, after] = edit.wrap;
    return { text: text.slice(0, start) + before + selected + after + text.slice(end), caret: end + before.length };
  }
  if ('line' in edit) {
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    return { text: text.slice(0, lineStart) + edit.line + text.slice(lineStart), caret: end + edit.line.length };
  }
  const pad = start > 0 && text[start - 1] !== '\n' ? '\n\n' : '';
  const inserted = `${pad}${edit.block}\n`;
  return { text: text.slice(0, start) + inserted + text.slice(end), caret: start + inserted.length };
}
