/**
 * The fuzzer's multipart half (see fuzz.test.ts): for an upload operation of the OpenAPI
 * document, a valid form (its text fields from the schema, a small PNG as the file) and forms
 * broken every way a client or an attacker can break one: framing (no boundary, the wrong one,
 * a body cut short), parts (no file, two files, the file as text, unknown and repeated fields,
 * huge fields, a file over the configured limit), headers of parts, and fields of every wrong
 * value. Bodies are written byte by byte, so nothing here is a browser's polite FormData.
 */
import fc from 'fast-check';
import { toJson, validObject, valueCases, type JsonSchema, type Seen } from './fuzz-values.js';

export interface FormPart {
  name: string;
  value: string | Buffer;
  /** Makes it a file part (may be empty). */
  filename?: string;
  type?: string;
  /** The part's header block as sent, replacing the one built from the fields above. */
  rawHeaders?: string;
}

export interface FormCase {
  label: string;
  payload: Buffer | string | undefined;
  /** null sends none. */
  contentType: string | null;
}

const BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW';
const typeOf = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/** A 1×1 PNG: a file every upload accepts. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The bytes of a multipart body. */
export function formBody(parts: FormPart[], boundary = BOUNDARY, closing = `--${boundary}--\r\n`): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const headers =
      part.rawHeaders ??
      `Content-Disposition: form-data; name="${part.name}"${filename}\r\n` +
        (part.type ? `Content-Type: ${part.type}\r\n` : '');
    chunks.push(Buffer.from(`--${boundary}\r\n${headers}\r\n`, 'latin1'));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(closing, 'latin1'));
  return Buffer.concat(chunks);
}

/** Text fields as a form sends them: strings as they are, anything else as its JSON. */
const asText = (value: unknown): string => (typeof value === 'string' ? value : toJson(value));

export interface FormPlan {
  /** The schema of the form's text fields (the file property removed). */
  fields: JsonSchema;
  fileField: string;
  /** The upload limit the app under test was given. */
  maxFileBytes: number;
}

/** The text fields of a valid form, every property or the required ones only. */
export function validFields(plan: FormPlan, everyProperty: boolean, seen: Seen): Record<string, string> {
  const values = validObject(plan.fields, everyProperty, seen);
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, asText(value)]));
}

const filePart = (plan: FormPlan, value: Buffer | string = TINY_PNG, filename = 'fuzz.png'): FormPart => ({
  name: plan.fileField,
  value,
  filename,
  type: 'image/png',
});

const fieldParts = (fields: Record<string, string>): FormPart[] =>
  Object.entries(fields).map(([name, value]) => ({ name, value }));

/** A valid form, then every broken one. */
export function formCases(plan: FormPlan, seen: Seen, ids: readonly string[]): FormCase[] {
  const fields = validFields(plan, true, seen);
  const file = filePart(plan);
  const valid = formBody([...fieldParts(fields), file]);
  const form = (label: string, parts: FormPart[], boundary = BOUNDARY): FormCase => ({
    label,
    payload: formBody(parts, boundary),
    contentType: typeOf(boundary),
  });
  const cases: FormCase[] = [
    form('valid form, every field', [...fieldParts(fields), file]),
    form('valid form, required fields only', [...fieldParts(validFields(plan, false, seen)), file]),
    form('file first, fields after', [file, ...fieldParts(fields)]),

    // Framing.
    { label: 'no boundary', payload: valid, contentType: 'multipart/form-data' },
    { label: 'the wrong boundary', payload: valid, contentType: typeOf('not-the-boundary') },
    { label: 'an empty boundary', payload: valid, contentType: 'multipart/form-data; boundary=' },
    { label: 'a boundary of 200 characters', payload: valid, contentType: typeOf('b'.repeat(200)) },
    { label: 'multipart/mixed', payload: valid, contentType: `multipart/mixed; boundary=${BOUNDARY}` },
    { label: 'no content type', payload: valid, contentType: null },
    { label: 'JSON instead of a form', payload: JSON.stringify(fields), contentType: 'application/json' },
    { label: 'text/plain', payload: valid, contentType: 'text/plain' },
    { label: 'an urlencoded form', payload: 'resource_id=x&file=y', contentType: 'application/x-www-form-urlencoded' },
    { label: 'an empty body', payload: '', contentType: typeOf(BOUNDARY) },
    { label: 'no body at all', payload: undefined, contentType: typeOf(BOUNDARY) },
    { label: 'only the closing boundary', payload: `--${BOUNDARY}--\r\n`, contentType: typeOf(BOUNDARY) },
    { label: 'cut inside the file', payload: valid.subarray(0, valid.length - 60), contentType: typeOf(BOUNDARY) },
    { label: 'cut inside a part header', payload: valid.subarray(0, 60), contentType: typeOf(BOUNDARY) },
    {
      label: 'no closing boundary',
      payload: formBody([...fieldParts(fields), file], BOUNDARY, ''),
      contentType: typeOf(BOUNDARY),
    },
    {
      label: 'garbage after the closing boundary',
      payload: Buffer.concat([valid, Buffer.from('epilogue'.repeat(1000))]),
      contentType: typeOf(BOUNDARY),
    },
    {
      label: 'random bytes',
      payload: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
      contentType: typeOf(BOUNDARY),
    },

    // Parts.
    form('no file', fieldParts(fields)),
    form('two files', [...fieldParts(fields), file, filePart(plan, TINY_PNG, 'second.png')]),
    form('the file as a text field', [...fieldParts(fields), { name: plan.fileField, value: 'not a file' }]),
    form('the file under another name', [...fieldParts(fields), { ...file, name: 'attachment' }]),
    form('an unknown text field', [...fieldParts(fields), file, { name: 'zz_unknown', value: '1' }]),
    form('a field named __proto__', [...fieldParts(fields), file, { name: '__proto__', value: '{"polluted":"yes"}' }]),
    form('a field named constructor', [...fieldParts(fields), file, { name: 'constructor', value: 'x' }]),
    form('every field twice', [...fieldParts(fields), ...fieldParts(fields), file]),
    form('a field of 1 MB', [
      ...Object.keys(fields).map((name) => ({ name, value: 'x'.repeat(1024 * 1024) })),
      { name: 'zz_big', value: 'x'.repeat(1024 * 1024) },
      file,
    ]),
    form('200 fields', [...Array.from({ length: 200 }, (_, i) => ({ name: `f${i}`, value: String(i) })), file]),
    form('an empty file', [...fieldParts(fields), filePart(plan, Buffer.alloc(0))]),
    form('a file exactly at the limit', [
      ...fieldParts(fields),
      filePart(plan, Buffer.concat([TINY_PNG, Buffer.alloc(Math.max(0, plan.maxFileBytes - TINY_PNG.length))])),
    ]),
    form('a file one byte over the limit', [
      ...fieldParts(fields),
      filePart(plan, Buffer.concat([TINY_PNG, Buffer.alloc(Math.max(0, plan.maxFileBytes - TINY_PNG.length + 1))])),
    ]),
    form('a file ten times the limit', [
      ...fieldParts(fields),
      filePart(plan, Buffer.alloc(plan.maxFileBytes * 10, 1)),
    ]),
    form('HTML in a file named .png', [...fieldParts(fields), filePart(plan, '<script>alert(1)</script>', 'x.png')]),
    form('SVG', [...fieldParts(fields), filePart(plan, '<svg xmlns="http://www.w3.org/2000/svg"/>', 'x.svg')]),
    form('an executable', [
      ...fieldParts(fields),
      filePart(plan, Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), 'x.exe'),
    ]),
    form('a file name that walks out', [...fieldParts(fields), filePart(plan, TINY_PNG, '../../../etc/passwd')]),
    form('a file name of 10 000 characters', [
      ...fieldParts(fields),
      filePart(plan, TINY_PNG, `${'n'.repeat(10_000)}.png`),
    ]),
    form('a file name with NUL and bidi overrides', [
      ...fieldParts(fields),
      filePart(plan, TINY_PNG, 'a\u0000\u202egnp.exe'),
    ]),
    form('a file name of dots', [...fieldParts(fields), filePart(plan, TINY_PNG, '..')]),
    form('an empty file name', [...fieldParts(fields), filePart(plan, TINY_PNG, '')]),
    form('a file name in UTF-8', [...fieldParts(fields), filePart(plan, 'text', '报告 été.txt')]),
    form('a file name that is not UTF-8', [
      ...fieldParts(fields),
      {
        ...filePart(plan),
        rawHeaders: `Content-Disposition: form-data; name="${plan.fileField}"; filename="\xff\xfe.png"\r\n`,
      },
    ]),
    form('a part without Content-Disposition', [
      ...fieldParts(fields),
      { ...file, rawHeaders: 'Content-Type: image/png\r\n' },
    ]),
    form('a part that is not form-data', [
      ...fieldParts(fields),
      { ...file, rawHeaders: 'Content-Disposition: attachment\r\n' },
    ]),
    form('a part with a header line of 100 kB', [
      ...fieldParts(fields),
      {
        ...file,
        rawHeaders: `Content-Disposition: form-data; name="${plan.fileField}"; filename="a.png"\r\nX-Pad: ${'p'.repeat(100_000)}\r\n`,
      },
    ]),
    form('a part with 100 headers', [
      ...fieldParts(fields),
      {
        ...file,
        rawHeaders:
          `Content-Disposition: form-data; name="${plan.fileField}"; filename="a.png"\r\n` +
          Array.from({ length: 100 }, (_, i) => `X-H${i}: ${i}\r\n`).join(''),
      },
    ]),
    form('a base64 transfer encoding', [
      ...fieldParts(fields),
      {
        ...file,
        value: TINY_PNG.toString('base64'),
        rawHeaders: `Content-Disposition: form-data; name="${plan.fileField}"; filename="a.png"\r\nContent-Transfer-Encoding: base64\r\n`,
      },
    ]),
    form('a JSON text field', [...fieldParts(fields).map((p) => ({ ...p, type: 'application/json' })), file]),
    form('a text field in latin1', [
      ...fieldParts(fields).map((p) => ({ ...p, type: 'text/plain; charset=iso-8859-1' })),
      file,
    ]),
  ];

  // Every text field missing and with every wrong value, beside a valid file.
  for (const [name, schema] of Object.entries(plan.fields.properties ?? {})) {
    const others = Object.entries(fields).filter(([key]) => key !== name);
    cases.push(form(`${name}: missing`, [...fieldParts(Object.fromEntries(others)), file]));
    for (const c of valueCases(schema, ids)) {
      cases.push(
        form(`${name}: ${c.label}`, [
          ...fieldParts(Object.fromEntries(others)),
          { name, value: asText(c.value) },
          file,
        ]),
      );
    }
  }
  return cases;
}

/** Random forms: parts of the known names and others, text and files, in any order. */
export function arbitraryForm(plan: FormPlan): fc.Arbitrary<FormCase> {
  const names = [plan.fileField, ...Object.keys(plan.fields.properties ?? {}), 'x', ''];
  const part: fc.Arbitrary<FormPart> = fc.record(
    {
      name: fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 20 })),
      value: fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
        fc.constant(TINY_PNG),
      ),
      filename: fc.oneof(
        fc.constant(undefined),
        fc.string({ maxLength: 40 }).map((s) => s.replace(/["\r\n]/g, '')),
      ),
    },
    { requiredKeys: ['name', 'value'] },
  );
  return fc.array(part, { maxLength: 5 }).map((parts) => ({
    label: `random form of ${parts.length} parts`,
    payload: formBody(parts.map((p) => ({ ...p, name: p.name.replace(/["\r\n]/g, '') }))),
    contentType: typeOf(BOUNDARY),
  }));
}
