/**
 * Small decoders for an imported report file. Each checks an unknown value and returns a fresh typed
 * copy, or throws DecodeError naming the path of the first problem, in plain English.
 *
 * Hand-written rather than zod: the project keeps zod out of the browser bundles (see
 * eslint.config.js), and the checks are small. Since each decoder builds a fresh value from the
 * checked one, a decoded value carries no field that was not checked.
 */

export class DecodeError extends Error {}

export type Decoder<T> = (value: unknown, path: string) => T;
/** One decoder per key, none missing: the compiler checks that every field of T is checked. */
type Shape<T> = { [K in keyof T]-?: Decoder<T[K]> };

function where(path: string): string {
  return path === '' ? 'the report' : path;
}

/** A value as a sentence shows it: short, and never the whole of a long string. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

export function fail(path: string, expected: string, value: unknown): never {
  throw new DecodeError(`${where(path)} should be ${expected}, but is ${describe(value)}.`);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function object<T>(shape: Shape<T>): Decoder<T> {
  const keys = Object.keys(shape) as (keyof T & string)[];
  const known = new Set<string>(keys);
  return (value, path) => {
    if (!isRecord(value)) return fail(path, 'an object', value);
    const out: Partial<Record<keyof T, unknown>> = {};
    for (const key of keys) {
      const sub = path === '' ? key : `${path}.${key}`;
      if (!Object.hasOwn(value, key)) throw new DecodeError(`${sub} is missing.`);
      out[key] = shape[key](value[key], sub);
    }
    const extra = Object.keys(value).find((key) => !known.has(key));
    if (extra !== undefined) {
      throw new DecodeError(`${path === '' ? extra : `${path}.${extra}`} is not a field of this report format.`);
    }
    // Every key of the shape was set above from its own decoder.
    return out as T;
  };
}

export function literal<const L extends string | number>(expected: L): Decoder<L> {
  return (value, path) => (value === expected ? expected : fail(path, JSON.stringify(expected), value));
}

export function oneOf<const L extends string>(options: readonly L[]): Decoder<L> {
  return (value, path) => {
    const found = options.find((option) => option === value);
    return found ?? fail(path, `one of ${options.join(', ')}`, value);
  };
}

export const string: Decoder<string> = (value, path) =>
  typeof value === 'string' ? value : fail(path, 'a text', value);

export const boolean: Decoder<boolean> = (value, path) =>
  typeof value === 'boolean' ? value : fail(path, 'true or false', value);

export function number(range: { min?: number; max?: number; integer?: boolean } = {}): Decoder<number> {
  const { min = -Infinity, max = Infinity, integer = false } = range;
  const kind = integer ? 'a whole number' : 'a number';
  const expected =
    min === -Infinity && max === Infinity
      ? kind
      : max === Infinity
        ? `${kind} of at least ${min}`
        : `${kind} from ${min} to ${max}`;
  return (value, path) => {
    // JSON cannot carry NaN or Infinity, but a number past 1.8e308 parses to Infinity.
    if (typeof value !== 'number' || !Number.isFinite(value)) return fail(path, kind, value);
    if (value < min || value > max || (integer && !Number.isInteger(value))) return fail(path, expected, value);
    return value;
  };
}

export function nullable<T>(decode: Decoder<T>): Decoder<T | null> {
  return (value, path) => (value === null ? null : decode(value, path));
}

export function list<T>(decode: Decoder<T>, max: number): Decoder<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) return fail(path, 'a list', value);
    if (value.length > max)
      throw new DecodeError(`${where(path)} has ${value.length} items; at most ${max} are allowed.`);
    return value.map((item: unknown, i) => decode(item, `${path}[${i}]`));
  };
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export const isoTime: Decoder<string> = (value, path) =>
  typeof value === 'string' && ISO_TIME.test(value) && Number.isFinite(Date.parse(value))
    ? value
    : fail(path, 'a time in ISO 8601 form (like 2024-05-01T09:30:00.000Z)', value);
