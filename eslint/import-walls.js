// @ts-check
/**
 * One ESLint rule for the walls between folders (docs/ARCHITECTURE.md, "Walls"): each folder
 * lists what it may import, and everything else is refused.
 *
 * - A relative import is resolved against the importing file and must land in the file's own
 *   room or in one of the rooms `allow` names (repository paths, a folder or a file without its
 *   extension: `packages/server/src/errors` allows `errors.ts`, `packages/server/src/db` the
 *   folder).
 * - A package import must be one of `packages` (a name, or a name ending in `/*` for its
 *   sub-paths) when the wall lists them; `forbidPackages` refuses a few by name otherwise.
 *
 * ESLint's own `no-restricted-imports` sees the specifier only, so a relative path had to be
 * matched by pattern, and a folder's allowed neighbours could not be listed at all; a
 * whitelist of resolved paths cannot be walked around by a deeper `../`.
 * eslint-plugin-boundaries does this too, but needs a TypeScript resolver (the `.js` specifiers
 * name `.ts` files) with a native binary; resolving a relative path needs none.
 */
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** @param {string} name @param {string} entry */
function packageMatches(name, entry) {
  return entry.endsWith('/*') ? name.startsWith(entry.slice(0, -1)) || name === entry.slice(0, -2) : name === entry;
}

/** @param {string} target @param {string} room */
function inRoom(target, room) {
  return target === room || target.startsWith(`${room}/`) || target.startsWith(`${room}.`);
}

/** @type {import('eslint').Rule.RuleModule} */
const walls = {
  meta: {
    type: 'problem',
    docs: { description: 'Each folder imports only what its wall lets through (docs/ARCHITECTURE.md).' },
    schema: [
      {
        type: 'object',
        properties: {
          room: { type: 'string' },
          allow: { type: 'array', items: { type: 'string' } },
          packages: { type: 'array', items: { type: 'string' } },
          forbidPackages: { type: 'array', items: { type: 'string' } },
          why: { type: 'string' },
        },
        required: ['room', 'why'],
        additionalProperties: false,
      },
    ],
    messages: {
      room: '{{target}} is outside what {{room}} may import. {{why}}',
      package: '{{room}} may not import {{name}}. {{why}}',
    },
  },
  create(context) {
    /** @type {{ room: string; allow?: string[]; packages?: string[]; forbidPackages?: string[]; why: string }} */
    const wall = context.options[0];
    const file = path.relative(root, context.filename);
    /** @param {import('estree').Node} node @param {unknown} source */
    function check(node, source) {
      if (typeof source !== 'string') return;
      if (source.startsWith('.')) {
        const target = path.relative(root, path.resolve(path.dirname(path.join(root, file)), source));
        const rooms = [wall.room, ...(wall.allow ?? [])];
        if (!rooms.some((room) => inRoom(target, room))) {
          context.report({ node, messageId: 'room', data: { target, room: wall.room, why: wall.why } });
        }
        return;
      }
      const refused =
        (wall.packages && !wall.packages.some((entry) => packageMatches(source, entry))) ||
        (wall.forbidPackages ?? []).some((entry) => packageMatches(source, entry));
      if (refused)
        context.report({ node, messageId: 'package', data: { name: source, room: wall.room, why: wall.why } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
    };
  },
};

export default { rules: { walls } };
