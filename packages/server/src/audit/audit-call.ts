/**
 * What the audit trail says about one API call, from its path, body and answer alone: the kind
 * of thing it acted on, which one, and a bounded copy of the body without secrets. Pure, so
 * `defineApi` can record every call with an effect the same way and no handler can forget it.
 */

/** Keys whose values never reach the audit trail, at any depth. */
const SECRET_KEY = /password|token|secret|cookie|signature/i;
const MAX_STRING = 200;
const MAX_ITEMS = 20;
const MAX_KEYS = 40;
const MAX_DEPTH = 4;

/**
 * A copy of a body fit for the audit trail: secrets replaced by a marker (the entry still says
 * a password was set), long strings cut, long lists and deep nesting summarised, so a 200 kB
 * document saved in 19 languages costs a few kilobytes.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? `[${value.length} items]` : '{…}';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => redact(item, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
  }
  const entries = Object.entries(value).slice(0, MAX_KEYS);
  return Object.fromEntries(
    entries.map(([key, item]) => [key, SECRET_KEY.test(key) ? '[redacted]' : redact(item, depth + 1)]),
  );
}

/** The kinds of things calls act on, found in their names (`cms/set_category_status` -> category). */
const KINDS = [
  'version',
  'category',
  'resource',
  'attachment',
  'account',
  'audit',
  'tenant',
  'agent',
  'trunk',
] as const;

/** The kind of thing a call acts on: a content entity, an account, or the session (sign-in, sign-out). */
export function targetTypeOf(path: string): string {
  const [area = '', name = ''] = path.split('/');
  const kind = KINDS.find((k) => name.includes(k));
  if (kind) return kind;
  if (name.includes('password')) return 'account';
  return area === 'global' ? 'session' : area;
}

const stringAt = (value: unknown, key: string): string | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' && found !== '' ? found : undefined;
};

export interface CallTarget {
  type: string;
  id: string | null;
  name: string | null;
}

/**
 * Which thing a call acted on: its `_id` in the answer or else the body, and a name a person
 * recognises (an account's name, a version's or a category's name, a document's title).
 */
export function targetOf(path: string, body: unknown, data: unknown): CallTarget {
  const type = targetTypeOf(path);
  const nameKeys = type === 'account' || type === 'session' ? ['account', 'name'] : ['name', 'title'];
  // By key first: an account's name is found in the body of a sign-in before the person's
  // name in its answer.
  const find = (keys: string[]) => {
    for (const key of keys) {
      for (const source of [data, body]) {
        const found = stringAt(source, key);
        if (found !== undefined) return found;
      }
    }
    return null;
  };
  return { type, id: find(['_id']), name: find(nameKeys) };
}
