/**
 * The fuzzer's schema walker (see fuzz.test.ts): from the JSON schema of a request body in the
 * OpenAPI document, a valid body, labelled mutations of every field, whole-body and whole-request
 * mutations, and a fast-check arbitrary of mostly plausible, sometimes hostile bodies.
 */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';

/** The part of JSON Schema that zod's OpenAPI output uses; anything else is refused. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  maxProperties?: number;
  nullable?: boolean;
  format?: string;
  description?: string;
}

const understood = new Set([
  ...['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'oneOf'],
  ...['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems'],
  'maxProperties',
  ...['nullable', 'format', 'description', 'title', 'default', 'examples'],
]);
const formats: Record<string, string> = {
  'date-time': '2026-01-01T00:00:00.000Z',
  email: 'fuzz@example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
  uri: 'https://example.com/',
};

/** A schema the walker cannot make a valid value for: the operation cannot be exercised. */
export class SchemaNotUnderstood extends Error {
  override name = 'SchemaNotUnderstood';
}

/** Checks the whole schema up front, so an operation is either fully walked or reported. */
export function assertUnderstood(schema: JsonSchema, at = 'body'): void {
  for (const key of Object.keys(schema)) {
    if (!understood.has(key)) throw new SchemaNotUnderstood(`${at}: keyword "${key}"`);
  }
  if (schema.format !== undefined && !(schema.format in formats)) {
    throw new SchemaNotUnderstood(`${at}: format "${schema.format}"`);
  }
  for (const [name, child] of Object.entries(schema.properties ?? {})) assertUnderstood(child, `${at}.${name}`);
  if (schema.items) assertUnderstood(schema.items, `${at}[]`);
  if (typeof schema.additionalProperties === 'object') assertUnderstood(schema.additionalProperties, `${at}.*`);
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) assertUnderstood(alternative, at);
  validValue(schema, at);
}

/** JSON text sent as it is: numbers JSON.stringify cannot write (1e400, -0) and deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, except that RawJson values are written as they are. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => toJson(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

const clampInt = (n: number) => Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, n));

function numberBounds(schema: JsonSchema): { min: number; max: number } {
  const integer = typeOf(schema) === 'integer';
  const step = integer ? 1 : 1e-6;
  const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1e9 : schema.exclusiveMinimum + step);
  const max = schema.maximum ?? (schema.exclusiveMaximum === undefined ? 1e9 : schema.exclusiveMaximum - step);
  return integer ? { min: clampInt(Math.ceil(min)), max: clampInt(Math.floor(max)) } : { min, max };
}

/** Words a description quotes as values ("a version _id, or 'all' for every version"). */
export function literalsOf(schema: JsonSchema): string[] {
  const fits = (word: string) =>
    word.length >= (schema.minLength ?? 0) && word.length <= (schema.maxLength ?? Infinity);
  return [...(schema.description ?? '').matchAll(/'([^'\s]+)'/g)].map((m) => m[1] ?? '').filter(fits);
}

/**
 * The simplest value the schema accepts (the first alternative, the first enum member, a word
 * the description quotes), so that a valid body gets past the handler's own checks where it can.
 */
export function validValue(schema: JsonSchema, at = 'body'): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) {
    if (schema.enum.length === 0) throw new SchemaNotUnderstood(`${at}: empty enum`);
    return schema.enum[0];
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.[0]) return validValue(alternatives[0], at);
  const type = typeOf(schema);
  switch (type) {
    case 'string': {
      if (schema.format) return formats[schema.format];
      const [literal] = literalsOf(schema);
      if (literal !== undefined) return literal;
      const length = Math.min(Math.max(schema.minLength ?? 0, 4), schema.maxLength ?? 4);
      return 'fuzz'.padEnd(length, 'z').slice(0, length);
    }
    case 'integer':
    case 'number': {
      const { min, max } = numberBounds(schema);
      return Math.min(Math.max(1, min), max);
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const count = Math.min(Math.max(schema.minItems ?? 0, 1), schema.maxItems ?? 1);
      const items = schema.items ?? {};
      // Distinct members where the items are an enum, since lists of choices are often unique.
      return Array.from({ length: count }, (_, i) =>
        items.enum ? items.enum[i % items.enum.length] : validValue(items),
      );
    }
    case 'object': {
      const value = validObject(schema, false, new Map(), at);
      // An object that requires no property is usually one that needs at least one of them
      // (a name per language): it gets its first, which any such schema accepts.
      const [first] = Object.entries(schema.properties ?? {});
      if (Object.keys(value).length === 0 && first) value[first[0]] = validValue(first[1], `${at}.${first[0]}`);
      return value;
    }
    default:
      throw new SchemaNotUnderstood(`${at}: type ${JSON.stringify(schema.type)}`);
  }
}

/** Strings seen in earlier answers, by the name of the property that held them, latest last. */
export type Seen = ReadonlyMap<string, readonly string[]>;

function accepts(schema: JsonSchema, value: string): boolean {
  if (typeOf(schema) !== 'string' || schema.format) return false;
  if (schema.enum) return schema.enum.includes(value);
  return value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
}

/**
 * A valid value for the property `name`. For an id or a choice from a list, the latest value an
 * answer held under the same name when the schema accepts it (the id of a thing that exists, a
 * language the content is in); else, and for free text such as a new name, the simplest one.
 */
function validProperty(name: string, schema: JsonSchema, seen: Seen, at: string): unknown {
  const reusable = schema.enum !== undefined || /(^|_)id$/i.test(name);
  const hinted = reusable ? seen.get(name)?.findLast((value) => accepts(schema, value)) : undefined;
  return hinted ?? validValue(schema, at);
}

/** The required properties only, or every property. */
export function validObject(
  schema: JsonSchema,
  everyProperty: boolean,
  seen: Seen = new Map(),
  at = 'body',
): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {})
    .filter(([name]) => everyProperty || required.has(name))
    .map(([name, child]) => [name, validProperty(name, child, seen, `${at}.${name}`)]);
  return Object.fromEntries(entries) as Record<string, unknown>;
}

export interface ValueCase {
  label: string;
  value: unknown;
}

const deepArray = (depth: number) => new RawJson('['.repeat(depth) + ']'.repeat(depth));
const deepObject = (depth: number) => new RawJson('{"a":'.repeat(depth) + '{}' + '}'.repeat(depth));

/** Strings that have broken servers: bad code points, scripts, quoting of SQL and full-text queries. */
const hostileStrings: [string, string][] = [
  ['empty', ''],
  ['blank', '   '],
  ['U+0000', '\u0000'],
  ['U+0000 inside', 'a\u0000b'],
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate', 'x\udc00'],
  ['reversed surrogate pair', '\udc00\ud800'],
  ['emoji', 'v😀'],
  ['ZWJ emoji sequence', '👩‍👩‍👧‍👦'],
  ['RTL Arabic', 'مرحبا بالعالم'],
  ['RTL override', '\u202egnp.exe'],
  ['CJK', '中文文档搜索'],
  ['Japanese', 'ドキュメント'],
  ['Thai', 'ภาษาไทย'],
  ['combining marks', 'Z̷̢͎a̴l̸g̵o'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['minus one', '-1'],
  ['1e999', '1e999'],
  ['hex', '0x1F'],
  ['SQL quote', "' OR '1'='1"],
  ['SQL comment', 'x"; drop table version; --'],
  ['LIKE wildcards', '%_%'],
  ['backslashes', '\\\\x\\'],
  ['tsquery operators', "!(a & b) | c:* <-> 'd'"],
  ['tsquery quote', "':*"],
  ['HTML', '<script>alert(1)</script>'],
  ['placeholders', '{{field}} {{max}}'],
  ['replacement patterns', '$& $1 $$'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['path traversal', '../../../etc/passwd'],
  ['percent escapes', '%00%ff%2e'],
  ['control characters', '\u0001\u001f\u007f'],
  ['line breaks', 'a\r\nb'],
  ['ideographic space', '\u3000'],
  ['no-break space', '\u00a0'],
  ['zero-width space', '\u200b'],
  ['dotted capital I (longer in lower case)', 'İİİ'],
  ['astral letters', '𝐀𝐁𝐂𝐃𝐄𝐅𝐆'],
  ['BOM', '\ufeff'],
  ['noncharacter U+FFFF', '\uffff'],
  ['U+10FFFF', '\u{10ffff}'],
];

function stringCases(schema: JsonSchema, ids: readonly string[]): ValueCase[] {
  const cases: ValueCase[] = hostileStrings.map(([label, value]) => ({ label, value }));
  for (const literal of literalsOf(schema))
    cases.push({ label: `quoted in the description: ${literal}`, value: literal });
  if (!schema.enum) {
    for (const [i, value] of ids.entries()) cases.push({ label: `value seen in an answer #${i}`, value });
  }
  const { minLength, maxLength } = schema;
  if (maxLength !== undefined) {
    cases.push(
      { label: `${maxLength + 1} chars (past maxLength)`, value: 'x'.repeat(maxLength + 1) },
      { label: `${maxLength} UTF-16 units of emoji (at maxLength)`, value: '😀'.repeat(Math.floor(maxLength / 2)) },
      { label: `${maxLength} code points of emoji (twice maxLength in UTF-16)`, value: '😀'.repeat(maxLength) },
      { label: `${maxLength} chars padded with spaces`, value: ` ${'y'.repeat(Math.max(maxLength - 2, 0))} ` },
    );
  }
  if (minLength !== undefined && minLength > 1) {
    cases.push({ label: `${minLength - 1} chars (under minLength)`, value: 'x'.repeat(minLength - 1) });
  }
  cases.push({ label: '100 000 chars', value: 'x'.repeat(100_000) });
  for (const [i, member] of (schema.enum ?? []).entries()) cases.push({ label: `enum member ${i}`, value: member });
  const first = schema.enum?.[0];
  if (typeof first === 'string') {
    cases.push(
      { label: 'enum member in upper case', value: first.toUpperCase() },
      { label: 'enum member with a space', value: ` ${first}` },
      { label: 'enum-like unknown member', value: 'xx-XX' },
    );
  }
  return cases;
}

function numberCases(schema: JsonSchema): ValueCase[] {
  const { min, max } = numberBounds(schema);
  return [
    { label: 'zero', value: 0 },
    { label: 'minus one', value: -1 },
    { label: 'negative zero', value: new RawJson('-0') },
    { label: 'fraction', value: 1.5 },
    { label: 'tiny', value: 1e-300 },
    { label: 'minimum', value: min },
    { label: 'maximum', value: max },
    { label: 'minimum - 1', value: min - 1 },
    { label: 'maximum + 1', value: max + 1 },
    { label: '2^31', value: 2 ** 31 },
    { label: '2^53 + 1 (not representable)', value: new RawJson('9007199254740993') },
    { label: '1e308', value: 1e308 },
    { label: '-1e308', value: -1e308 },
    { label: '1e400 (Infinity once parsed)', value: new RawJson('1e400') },
    { label: '-1e400', value: new RawJson('-1e400') },
    { label: '400-digit integer', value: new RawJson(`1${'0'.repeat(400)}`) },
    { label: 'exponent form 1e2', value: new RawJson('1e2') },
    { label: '1.0', value: new RawJson('1.0') },
    { label: 'numeric string', value: '1' },
    { label: 'NaN string', value: 'NaN' },
    { label: 'Infinity string', value: 'Infinity' },
  ];
}

function arrayCases(schema: JsonSchema): ValueCase[] {
  const item = validValue(schema.items ?? {});
  const cases: ValueCase[] = [
    { label: 'empty array', value: [] },
    { label: 'duplicate items', value: [item, item] },
    { label: 'null item', value: [null] },
    { label: 'nested array item', value: [[item]] },
    { label: '10 000 items', value: Array.from({ length: 10_000 }, () => item) },
  ];
  if (schema.maxItems !== undefined) {
    cases.push({ label: `${schema.maxItems + 1} items (past maxItems)`, value: Array(schema.maxItems + 1).fill(item) });
  }
  return cases;
}

/** Mutations of one value, whatever its schema: null, every other JSON type, nesting, hostile values of its type. */
export function valueCases(schema: JsonSchema, ids: readonly string[] = []): ValueCase[] {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // Each alternative's own cases; the same value once, whichever alternative gave it first.
    const written = new Set<string>();
    return alternatives
      .flatMap((alternative, i) => valueCases(alternative, ids).map((c) => ({ ...c, label: `${c.label} (alt ${i})` })))
      .filter((c) => !written.has(toJson(c.value)) && Boolean(written.add(toJson(c.value))));
  }
  const valid = validValue(schema);
  const cases: ValueCase[] = [
    { label: 'null', value: null },
    { label: 'number', value: 42 },
    { label: 'string', value: 'x' },
    { label: 'boolean', value: true },
    { label: 'array', value: [] },
    { label: 'object', value: {} },
    { label: 'wrapped in an array', value: [valid] },
    { label: 'wrapped in an object', value: { value: valid } },
    { label: 'array nested 10 000 deep', value: deepArray(10_000) },
    { label: 'object nested 10 000 deep', value: deepObject(10_000) },
    { label: 'object with __proto__', value: new RawJson('{"__proto__":{"polluted":"yes"}}') },
  ];
  switch (typeOf(schema)) {
    case 'string':
      return [...cases, ...stringCases(schema, ids)];
    case 'integer':
    case 'number':
      return [...cases, ...numberCases(schema)];
    case 'boolean':
      return [...cases, { label: 'string "true"', value: 'true' }, { label: 'one', value: 1 }];
    case 'array':
      return [...cases, ...arrayCases(schema)];
    default:
      return cases;
  }
}

export interface BodyCase {
  label: string;
  /** Written with toJson. */
  body: unknown;
}

const MISSING = Symbol('missing');

function replaceAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(body)) {
    const list = body as unknown[];
    const next = replaceAt(list[Number(head)], rest, value);
    return next === MISSING ? list.filter((_, i) => i !== head) : list.map((item, i) => (i === head ? next : item));
  }
  const record = body as Record<string, unknown>;
  const next = replaceAt(record[head], rest, value);
  if (next !== MISSING) return { ...record, [head]: next };
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== String(head)));
}

/**
 * Unknown keys in an object: one, a thousand, and the names of Object.prototype. In a record
 * (its keys free, `additionalProperties` a schema): keys past `maxProperties`, an empty key,
 * hostile keys, and each hostile value of its values' type under a key of its own.
 */
function objectCases(schema: JsonSchema): ValueCase[] {
  const cases: ValueCase[] = [
    { label: 'an unknown key', value: { zz_unknown: 1 } },
    { label: '1000 unknown keys', value: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])) },
    { label: 'key toString', value: { toString: 'x' } },
    { label: 'key hasOwnProperty', value: { hasOwnProperty: 1 } },
  ];
  const values = schema.additionalProperties;
  if (typeof values !== 'object') return cases;
  const valid = validValue(values);
  if (schema.maxProperties !== undefined) {
    const keys = schema.maxProperties + 1;
    cases.push({
      label: `${keys} keys (past maxProperties)`,
      value: Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, valid])),
    });
  }
  cases.push({ label: 'an empty key', value: { '': valid } });
  for (const [label, key] of hostileStrings) cases.push({ label: `key ${label}`, value: { [key]: valid } });
  cases.push({ label: 'a key of 10 000 chars', value: { ['k'.repeat(10_000)]: valid } });
  for (const c of valueCases(values)) cases.push({ label: `a value: ${c.label}`, value: { fuzz_key: c.value } });
  return cases;
}

/**
 * Every field of the body (nested objects and array items too) missing, null, of each wrong
 * type and with the hostile values of its type; unknown keys beside the fields of every object.
 * `ids` are values seen in earlier answers, tried in every free-text field; `seen` holds such
 * values by property name, for the valid values beside the field under test.
 */
export function fieldCases(
  schema: JsonSchema,
  body: unknown,
  ids: readonly string[] = [],
  seen: Seen = new Map(),
  path: (string | number)[] = [],
): BodyCase[] {
  const name = path.length ? path.join('.') : 'body';
  const cases: BodyCase[] = [];
  if (path.length) {
    cases.push({ label: `${name}: missing`, body: replaceAt(body, path, MISSING) });
    for (const c of valueCases(schema, ids))
      cases.push({ label: `${name}: ${c.label}`, body: replaceAt(body, path, c.value) });
  }
  const type = typeOf(schema);
  const value = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body);
  if (type === 'object' && value && typeof value === 'object') {
    for (const c of objectCases(schema)) {
      cases.push({ label: `${name}: ${c.label}`, body: replaceAt(body, path, { ...value, ...(c.value as object) }) });
    }
    const required = new Set(schema.required ?? []);
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      // An optional field is walked beside the required ones only, so no other optional field
      // (a filter that matches nothing) stops the request before this field's value is used.
      const base = Object.fromEntries(Object.entries(value).filter(([k]) => required.has(k) || k === key));
      const added = key in base ? base : { ...base, [key]: validProperty(key, child, seen, key) };
      cases.push(...fieldCases(child, replaceAt(body, path, added), ids, seen, [...path, key]));
    }
  }
  if (type === 'array' && schema.items && Array.isArray(value) && value.length > 0) {
    cases.push(...fieldCases(schema.items, body, ids, seen, [...path, 0]));
  }
  return cases;
}

/** The body as a whole replaced by another JSON value, or nested past any sane depth. */
export function shapeCases(body: unknown): BodyCase[] {
  return [
    { label: 'body null', body: null },
    { label: 'body a number', body: 0 },
    { label: 'body a string', body: 'body' },
    { label: 'body true', body: true },
    { label: 'body an empty array', body: [] },
    { label: 'body wrapped in an array', body: [body] },
    { label: 'body an empty object', body: {} },
    { label: 'body an array nested 100 000 deep', body: deepArray(100_000) },
    { label: 'body an object nested 100 000 deep', body: deepObject(100_000) },
  ];
}

/** A request whose bytes or headers are wrong, not just its JSON. */
export interface RawCase {
  label: string;
  /** Undefined sends no body at all. */
  payload: string | Buffer | undefined;
  /** Replaces the JSON content type; null sends none. */
  contentType?: string | null;
  headers?: Record<string, string>;
}

/** Whole-body and whole-request mutations of a valid body. */
export function rawCases(body: Record<string, unknown>, bodyLimit: number): RawCase[] {
  const json = JSON.stringify(body);
  const [firstKey] = Object.keys(body);
  const rest = json.slice(1);
  const prepend = (text: string) => `{${text}${rest === '}' ? '' : ','}${rest}`;
  const utf8 = (s: string) => Buffer.from(s, 'utf8');
  const multipart = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n';
  const padKey = '__pad';
  const cases: RawCase[] = [
    { label: 'not JSON', payload: 'hello' },
    { label: 'truncated JSON', payload: json.slice(0, -1) },
    { label: 'empty body', payload: '' },
    { label: 'no body at all', payload: undefined },
    { label: 'no body and no content type', payload: undefined, contentType: null },
    { label: 'only whitespace', payload: '  \n' },
    { label: 'BOM before the JSON', payload: `\ufeff${json}` },
    { label: 'trailing garbage', payload: `${json}x` },
    { label: 'two JSON documents', payload: json + json },
    { label: 'single quotes', payload: "{'a':1}" },
    { label: 'a comment', payload: `/* c */${json}` },
    { label: 'JSON scalar null', payload: 'null' },
    { label: 'JSON scalar number', payload: '123' },
    { label: 'JSON scalar string', payload: '"x"' },
    { label: 'JSON array', payload: `[${json}]` },
    {
      label: 'invalid UTF-8 bytes in a string',
      payload: Buffer.concat([utf8('{"zz":"'), Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]), utf8('"}')]),
    },
    {
      label: 'UTF-16 bytes declared as such',
      payload: Buffer.from(json, 'utf16le'),
      contentType: 'application/json; charset=utf-16',
    },
    { label: 'content type text/plain', payload: json, contentType: 'text/plain' },
    { label: 'content type form', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { label: 'content type multipart', payload: multipart, contentType: 'multipart/form-data; boundary=x' },
    { label: 'no content type', payload: json, contentType: null },
    { label: 'empty content type', payload: json, contentType: '' },
    { label: 'content type in capitals', payload: json, contentType: 'Application/JSON' },
    { label: 'content type with latin1 charset', payload: json, contentType: 'application/json; charset=iso-8859-1' },
    { label: 'content type with a bad parameter', payload: json, contentType: 'application/json;;; =x' },
    { label: 'content type +json', payload: json, contentType: 'application/problem+json' },
    { label: 'content type jsonx', payload: json, contentType: 'application/jsonx' },
    { label: 'content type */*', payload: json, contentType: '*/*' },
    { label: 'two content types', payload: json, contentType: 'application/json, text/plain' },
    { label: `exactly ${bodyLimit} bytes`, payload: json.padEnd(bodyLimit, ' ') },
    { label: `${bodyLimit + 1} bytes of whitespace-padded JSON`, payload: json.padEnd(bodyLimit + 1, ' ') },
    { label: `body past ${bodyLimit} bytes`, payload: JSON.stringify({ ...body, [padKey]: 'x'.repeat(bodyLimit) }) },
    {
      label: 'gzip garbage',
      payload: Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4]),
      headers: { 'content-encoding': 'gzip' },
    },
    { label: 'gzip of the JSON', payload: gzipSync(json), headers: { 'content-encoding': 'gzip' } },
    { label: 'brotli garbage', payload: Buffer.from([0xce, 0xb2, 0xcf, 0x81]), headers: { 'content-encoding': 'br' } },
    { label: 'unknown content encoding', payload: json, headers: { 'content-encoding': 'x-fuzz' } },
    { label: '__proto__ key', payload: prepend('"__proto__":{"polluted":"yes"}') },
    { label: 'constructor.prototype key', payload: prepend('"constructor":{"prototype":{"polluted":"yes"}}') },
    { label: 'content-length smaller than the body', payload: json, headers: { 'content-length': '1' } },
    {
      label: 'content-length larger than the body',
      payload: json,
      headers: { 'content-length': `${json.length + 10}` },
    },
    { label: 'content-length not a number', payload: json, headers: { 'content-length': 'ten' } },
    { label: 'empty host', payload: json, headers: { host: '' } },
    { label: 'odd host', payload: json, headers: { host: '[::1' } },
    { label: 'odd sec-fetch-site', payload: json, headers: { 'sec-fetch-site': 'sideways' } },
    { label: 'malformed cookie', payload: json, headers: { cookie: 'open_session=%zz%; a' } },
    // A published read answers 304 to the first (it names any current answer), 200 to the second.
    { label: 'if-none-match any', payload: json, headers: { 'if-none-match': '*' } },
    { label: 'if-none-match of other answers', payload: json, headers: { 'if-none-match': 'W/"x", "y", z' } },
    { label: 'huge cookie', payload: json, headers: { cookie: `open_session=${'a'.repeat(10_000)}` } },
    { label: 'unknown x-lang', payload: json, headers: { 'x-lang': 'xx-\u00ff' } },
    { label: 'x-lang of an Object.prototype name', payload: json, headers: { 'x-lang': 'constructor' } },
    {
      label: 'accept-language of prototype names',
      payload: json,
      headers: { 'x-lang': '', 'accept-language': '__proto__, toString;q=0.9' },
    },
    {
      label: 'odd accept-language',
      payload: json,
      headers: { 'x-lang': '', 'accept-language': '*;q=abc, zh;q=NaN, ,;,' },
    },
    {
      label: 'long accept-language',
      payload: json,
      headers: { 'x-lang': '', 'accept-language': 'en;q=0.1,'.repeat(2000) },
    },
  ];
  if (firstKey !== undefined) {
    const key = JSON.stringify(firstKey);
    cases.push(
      { label: `duplicate key ${firstKey}, hostile value first`, payload: prepend(`${key}:{"x":1}`) },
      { label: `duplicate key ${firstKey}, hostile value last`, payload: `${json.slice(0, -1)},${key}:[1]}` },
    );
  }
  return cases;
}

/**
 * Mostly plausible values of the schema, now and then one of the hostile ones; strings are
 * often values seen in earlier answers (ids), so the random bodies reach past "not found".
 */
export function arbitraryFor(schema: JsonSchema, ids: readonly string[] = []): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: plausible(schema, ids) },
    { weight: 1, arbitrary: fc.constantFrom(...valueCases(schema, ids).map((c) => c.value)) },
  );
}

function plausible(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => arbitraryFor(alternative, ids)));
  switch (typeOf(schema)) {
    case 'string': {
      const length = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) };
      const known = [...literalsOf(schema), ...ids];
      return fc.oneof(
        fc.string(length),
        fc.string({ ...length, unit: 'grapheme' }),
        fc.string({ ...length, unit: 'binary' }),
        ...(known.length ? [fc.constantFrom(...known), fc.constantFrom(...known)] : []),
      );
    }
    case 'integer':
      return fc.integer(numberBounds(schema));
    case 'number':
      return fc.double({ ...numberBounds(schema), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryFor(schema.items ?? {}, ids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 10),
      });
    case 'object': {
      const fields = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, child]) => [name, arbitraryFor(child, ids)]),
      );
      const record = fc.record(fields, { requiredKeys: schema.required ?? [] });
      const extra = fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 });
      return fc
        .tuple(record, fc.option(extra, { freq: 5 }))
        .map(([fieldsValue, extraValue]) => ({ ...(extraValue ?? {}), ...fieldsValue }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A stable seed per operation, so adding an operation does not change the others' bodies. */
export function seedFor(name: string, base: number): number {
  let hash = base;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** Path endings that have broken routers and file servers: bad escapes, traversal, sheer length. */
export const hostilePathEnds: string[] = [
  '',
  'doc',
  'doc/get_version_info',
  'doc/get_version_info/',
  'DOC/GET_VERSION_INFO',
  'index.html',
  'static/js/app.0123abcd.js',
  'static/../index.html',
  '%ff',
  '%',
  '%c0%af',
  '%e0%80%80',
  '%ed%a0%80',
  '%zz',
  '%%',
  '%2e%2e/%2e%2e/etc/passwd',
  '../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '..%5c..%5cwindows',
  '%00',
  'a%00b.js',
  '.env',
  '.git/config',
  './index.html',
  '//double//slash',
  '~root',
  ';param=1',
  '*',
  '%F0%9F%98%80',
  '中文',
  'x'.repeat(10_000),
  'a/'.repeat(5_000),
  `${'%2e%2e/'.repeat(2_000)}etc/passwd`,
];

/** Conditional, range and encoding headers of a GET, which file servers answer themselves. */
export const hostileGetHeaders: Record<string, string>[] = [
  { range: 'bytes=999999-' },
  { range: 'bytes=abc' },
  { range: 'bytes=0-1,5-6' },
  { 'if-none-match': '*' },
  { 'if-match': '"nope"' },
  { 'if-modified-since': 'garbage' },
  { 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
  { 'if-range': 'x', range: 'bytes=0-1' },
  { 'accept-encoding': 'br;q=abc, gzip;q=-1, *' },
  { 'accept-encoding': 'x'.repeat(5_000) },
];

/** Query strings: repeated keys, prototype keys, bad escapes, length. */
export const hostileQueries: string[] = [
  '?a=1&a=2',
  '?__proto__[polluted]=1',
  '?constructor[prototype][polluted]=1',
  '?%ff=%ff',
  '?%',
  '?&&&==',
  `?q=${'x'.repeat(20_000)}`,
  `?${'k=v&'.repeat(2_000)}`,
];

/** Random path endings: characters that routers and decoders treat specially, and some unicode. */
export const arbitraryPathEnd: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '/',
        '.',
        '..',
        '%',
        '%2f',
        '%2e',
        '%00',
        '%ff',
        '%c0%af',
        '?',
        '&',
        '=',
        ';',
        '+',
        '*',
        ':',
        '@',
        '~',
      ),
      fc.string({ unit: 'grapheme', maxLength: 4 }).map((s) => encodeURIComponent(s)),
      fc.string({ unit: 'grapheme-ascii', maxLength: 6 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));
