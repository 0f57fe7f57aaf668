import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsAccount, CmsAttachment } from '@open/protocol/api';
import { errorCatalogue, type ErrorName } from '@open/protocol/errors';
import { ATTACHMENT_PREFIX } from '@open/protocol/paths';
import { createFileStore } from '../../storage/file-store.js';
import { call, createTestApp, loginAsAdmin, type TestContext } from '../../../test/helpers.js';
import { loginAs, multipartBody, sendMultipart, upload, type UploadResult } from '../../../test/multipart.js';

const MAX_BYTES = 64 * 1024;
let ctx: TestContext;
let storeDir: string;
let admin: string;

beforeAll(async () => {
  storeDir = await mkdtemp(path.join(tmpdir(), 'open-attachments-'));
  ctx = await createTestApp({ blobStore: createFileStore(storeDir), attachmentMaxBytes: MAX_BYTES });
  admin = await loginAsAdmin(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await rm(storeDir, { recursive: true, force: true });
});

const expectError = (res: { status: number; body: { code: number } }, name: ErrorName) => {
  expect({ status: res.status, code: res.body.code }).toEqual({
    status: errorCatalogue[name].status,
    code: errorCatalogue[name].code,
  });
};

/** The stored objects: every file under the store but its temporary folder. */
async function storedKeys(): Promise<string[]> {
  const entries = await readdir(storeDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && !e.parentPath.endsWith('tmp')).map((e) => e.name);
}

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const samples = {
  png: PNG,
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
  gif: bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0, 0xff, 0xff, 0xff, 0, 0, 0, 0x3b]),
  webp: bytes('RIFF', [0x1a, 0, 0, 0], 'WEBPVP8L', [0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11]),
  pdf: bytes('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  zip: bytes('PK', [5, 6], new Array<number>(18).fill(0)),
  elf: bytes([0x7f], 'ELF', [2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
  exe: bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
};

describe('cms/upload_attachment_file: what is accepted, by its bytes', () => {
  it.each([
    ['photo.png', samples.png, 'image/png', true],
    ['photo.jpg', samples.jpeg, 'image/jpeg', true],
    ['anim.gif', samples.gif, 'image/gif', true],
    ['pic.webp', samples.webp, 'image/webp', true],
    ['manual.pdf', samples.pdf, 'application/pdf', false],
    ['bundle.zip', samples.zip, 'application/zip', false],
    ['notes.txt', Buffer.from('hello 世界\n'), 'text/plain; charset=utf-8', false],
    ['README.md', Buffer.from('# Title\n\nSome *text*.\n'), 'text/markdown; charset=utf-8', false],
    ['table.csv', Buffer.from('a,b\n1,2\n'), 'text/csv; charset=utf-8', false],
    // The bytes decide, not the name: a PNG named .txt is a PNG.
    ['misnamed.txt', samples.png, 'image/png', true],
  ])('%s is %s', async (name, content, mime, image) => {
    const res = await upload<CmsAttachment>(ctx.app, { name, bytes: content, type: 'text/html' }, { cookie: admin });
    expect(res.status).toBe(200);
    const attachment = res.body.data;
    expect(attachment).toEqual({
      _id: expect.stringMatching(/^[\w-]+$/) as string,
      name,
      mime,
      size: content.length,
      url: `${ATTACHMENT_PREFIX}${attachment._id}`,
      markdown: `${image ? '!' : ''}[${name}](attachment:${attachment._id})`,
    });
    const served = await ctx.app.inject({ method: 'GET', url: attachment.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(content)).toBe(true);
    expect(served.headers['content-type']).toBe(mime);
  });

  it('stores the same bytes once', async () => {
    const before = await storedKeys();
    const content = Buffer.from(`same bytes ${randomUUID()}\n`);
    await upload(ctx.app, { name: 'one.txt', bytes: content }, { cookie: admin });
    await upload(ctx.app, { name: 'two.txt', bytes: content }, { cookie: admin });
    expect((await storedKeys()).length).toBe(before.length + 1);
  });

  it('belongs to a resource when resource_id names one', async () => {
    const resourceId = await insertResource('no links');
    const res = await upload<CmsAttachment>(
      ctx.app,
      { name: 'r.pdf', bytes: samples.pdf },
      { cookie: admin, resourceId },
    );
    expect(res.status).toBe(200);
    const row = await ctx.db
      .selectFrom('attachment')
      .select(['resource_id', 'uploaded_by'])
      .where('id', '=', res.body.data._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ resource_id: resourceId, uploaded_by: 'admin' });
    expectError(
      await upload(ctx.app, { name: 'r.pdf', bytes: samples.pdf }, { cookie: admin, resourceId: 'missing' }),
      'resourceNotFound',
    );
  });

  it('editors may upload', async () => {
    const created = await call<CmsAccount>(
      ctx.app,
      'cms/set_account_info',
      { account: 'uploader', name: 'Uploader', role: 'editor', password: 'uploader secret' },
      { cookie: admin },
    );
    expect(created.status).toBe(200);
    const editor = await loginAs(ctx.app, 'uploader', 'uploader secret');
    expect((await upload(ctx.app, { name: 'e.png', bytes: PNG }, { cookie: editor })).status).toBe(200);
  });
});

describe('cms/upload_attachment_file: what is refused', () => {
  it.each([
    ['HTML named .png', 'cat.png', bytes('<!doctype html><script>alert(1)</script>')],
    ['SVG', 'logo.svg', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['SVG named .png', 'logo.png', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML named .html', 'page.html', bytes('<html><body>hi</body></html>')],
    ['a Windows executable', 'setup.exe', samples.exe],
    ['a Windows executable named .txt (NUL bytes)', 'setup.txt', samples.exe],
    ['an ELF executable named .md', 'run.md', samples.elf],
    ['text that is not UTF-8', 'latin1.csv', bytes('caf\xe9,cr\xe8me\n')],
    ['UTF-8 cut in the middle of a character', 'cut.txt', Buffer.from('世界').subarray(0, 4)],
    ['text without a text extension', 'notes', bytes('plain words')],
  ])('%s', async (_label, name, content) => {
    const before = await storedKeys();
    const res = await upload(ctx.app, { name, bytes: content, type: 'image/png' }, { cookie: admin });
    expectError(res, 'unsupportedFileType');
    expect(res.body.message).toBe(
      'This kind of file cannot be attached. Use an image, PDF, text, Markdown, CSV or ZIP file.',
    );
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses a file over the limit with 413, closing the connection, and stores nothing', async () => {
    const before = await storedKeys();
    const big = Buffer.concat([samples.pdf, Buffer.alloc(MAX_BYTES, 0x20)]);
    const res = await upload(ctx.app, { name: 'big.pdf', bytes: big }, { cookie: admin });
    expectError(res, 'attachmentTooLarge');
    expect(res.body.message).toBe('The file is too large (at most 0.063 MB).');
    expect(res.response.headers.connection).toBe('close');
    expect(await storedKeys()).toEqual(before);
    // Exactly the limit is fine.
    const exact = Buffer.concat([samples.pdf, Buffer.alloc(MAX_BYTES - samples.pdf.length, 0x20)]);
    expect((await upload(ctx.app, { name: 'exact.pdf', bytes: exact }, { cookie: admin })).status).toBe(200);
  });

  it('refuses an empty file', async () => {
    const res = await upload(ctx.app, { name: 'empty.txt', bytes: '' }, { cookie: admin });
    expectError(res, 'invalidField');
    expect(res.body.data).toMatchObject({ issues: [{ field: 'file', reason: 'required' }] });
  });

  const file = { name: 'file', value: PNG, filename: 'a.png' };
  it.each([
    ['no file', [{ name: 'resource_id', value: 'x' }], 'file', 'required'],
    ['two files', [file, { ...file, filename: 'b.png' }], 'file', 'notAllowed'],
    ['the file as a text field', [{ name: 'file', value: 'not a file' }], 'file', 'notAllowed'],
    ['a file under another name', [{ ...file, name: 'upload' }], 'upload', 'unknown'],
    ['an unknown field', [file, { name: 'folder', value: 'x' }], 'folder', 'unknown'],
    [
      'a field twice',
      [{ name: 'resource_id', value: 'a' }, { name: 'resource_id', value: 'b' }, file],
      'resource_id',
      'notAllowed',
    ],
    ['a huge field', [{ name: 'resource_id', value: 'x'.repeat(10_000) }, file], 'resource_id', 'tooLong'],
    ['an over-long resource_id', [{ name: 'resource_id', value: 'x'.repeat(65) }, file], 'resource_id', 'tooLong'],
    ['an empty resource_id', [{ name: 'resource_id', value: '' }, file], 'resource_id', 'required'],
    ['a NUL in resource_id', [{ name: 'resource_id', value: 'a\u0000b' }, file], 'resource_id', 'badCharacter'],
  ])('refuses %s', async (_label, parts, field, reason) => {
    const { payload, type } = multipartBody(parts);
    const res = await sendMultipart(ctx.app, payload, type, { cookie: admin });
    expectError(res, 'invalidField');
    expect(res.body.data).toMatchObject({ issues: [{ field, reason }] });
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'badRequest'],
    ['the wrong boundary', 'multipart/form-data; boundary=not-the-one', 'badRequest'],
    ['JSON', 'application/json', 'unsupportedMediaType'],
    ['no content type', undefined, 'unsupportedMediaType'],
    ['a form', 'application/x-www-form-urlencoded', 'unsupportedMediaType'],
  ] as const)('refuses a body with %s', async (_label, contentType, name) => {
    const { payload } = multipartBody([file]);
    const res = await sendMultipart(ctx.app, contentType === 'application/json' ? '{}' : payload, contentType, {
      cookie: admin,
    });
    expectError(res, name);
  });

  it('refuses a body cut short in the middle of the file', async () => {
    const { payload, type } = multipartBody([file]);
    expectError(
      await sendMultipart(ctx.app, payload.subarray(0, payload.length - 40), type, { cookie: admin }),
      'badRequest',
    );
  });

  it('refuses anonymous and cross-site callers before reading the body', async () => {
    expectError(await upload(ctx.app, { name: 'a.png', bytes: PNG }), 'notLoggedIn');
    const crossSite: Record<string, string>[] = [{ origin: 'http://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossSite) {
      expectError(await upload(ctx.app, { name: 'a.png', bytes: PNG }, { cookie: admin, headers }), 'crossSiteRequest');
    }
    // The page of this server may.
    const own = await upload(
      ctx.app,
      { name: 'a.png', bytes: PNG },
      { cookie: admin, headers: { origin: 'http://localhost:80' } },
    );
    expect(own.status).toBe(200);
  });
});

describe('file names', () => {
  it.each([
    ['../../etc/passwd.txt', 'passwd.txt'],
    ['C:\\Users\\me\\report.txt', 'report.txt'],
    ['报告 été 2026.txt', '报告 été 2026.txt'],
    ['evil\u202Etxt.exe.txt', 'eviltxt.exe.txt'],
    ['tab\there\u0007.txt', 'tabhere.txt'],
    ['  .hidden.txt  ', 'hidden.txt'],
    ['what?<>.txt', 'what___.txt'],
    [`${'长'.repeat(300)}.txt`, `${'长'.repeat(196)}.txt`],
  ])('%j is stored as %j', async (sent, stored) => {
    const res = await upload<CmsAttachment>(ctx.app, { name: sent, bytes: 'text\n' }, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe(stored);
  });

  it('escapes Markdown in the link text', async () => {
    const res = await upload<CmsAttachment>(ctx.app, { name: 'a]b[`_c.png', bytes: PNG }, { cookie: admin });
    expect(res.body.data.markdown).toBe('![a\\]b\\[\\`\\_c.png](attachment:' + res.body.data._id + ')');
  });
});

describe('GET /dzfront/open/server/attachment/:id', () => {
  let image: CmsAttachment;
  let pdf: CmsAttachment;
  let text: CmsAttachment;
  beforeAll(async () => {
    image = (await upload<CmsAttachment>(ctx.app, { name: '图 1.png', bytes: PNG }, { cookie: admin })).body.data;
    pdf = (
      await upload<CmsAttachment>(ctx.app, { name: 'guide v2 (final).pdf', bytes: samples.pdf }, { cookie: admin })
    ).body.data;
    text = (
      await upload<CmsAttachment>(
        ctx.app,
        { name: 'page.txt', bytes: '<html><script>alert(1)</script></html>' },
        { cookie: admin },
      )
    ).body.data;
  });

  it('shows raster images inline, in a sandbox, cached for good', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: image.url });
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-disposition': `inline; filename="_ 1.png"; filename*=UTF-8''%E5%9B%BE%201.png`,
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await ctx.app.inject({ method: 'GET', url: image.url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('downloads everything else, HTML in a text file included', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: pdf.url });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="guide v2 (final).pdf"; filename*=UTF-8''guide%20v2%20%28final%29.pdf`,
    );
    const page = await ctx.app.inject({ method: 'GET', url: text.url });
    expect(page.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': `attachment; filename="page.txt"; filename*=UTF-8''page.txt`,
      'content-security-policy': "sandbox; default-src 'none'",
      'x-content-type-options': 'nosniff',
    });
  });

  it('answers HEAD without a body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: pdf.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
  });

  it.each(['missing', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(65), '%00'])(
    'answers %s with the 404 envelope',
    async (id) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${ATTACHMENT_PREFIX}${id}`,
        headers: { 'x-lang': 'en' },
      });
      expect(res.statusCode).toBe(404);
      const body = res.json<{ code: number }>();
      expect([errorCatalogue.attachmentNotFound.code, errorCatalogue.notFound.code]).toContain(body.code);
    },
  );

  it('is not in the OpenAPI document, where the upload is multipart', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/dzfront/open/server/openapi.json' })).json<{
      paths: Record<string, { post?: { requestBody?: { content?: Record<string, unknown> } } }>;
    }>();
    expect(Object.keys(doc.paths).filter((p) => p.includes('/attachment/'))).toEqual([]);
    const uploadDoc = doc.paths['/dzfront/open/server/api/cms/upload_attachment_file']?.post?.requestBody?.content;
    expect(uploadDoc).toEqual({
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            resource_id: expect.objectContaining({ type: 'string' }) as unknown,
            file: { type: 'string', format: 'binary', description: 'the file' },
          },
          required: ['file'],
          additionalProperties: false,
        },
      },
    });
  });
});

/** A resource whose Chinese body is `markdown` (written directly: these tests are about attachments). */
async function insertResource(markdown: string): Promise<string> {
  const categoryId = randomUUID();
  const resourceId = randomUUID();
  await sql`insert into category (id) values (${categoryId})`.execute(ctx.db);
  await sql`insert into resource (id, category_id) values (${resourceId}, ${categoryId})`.execute(ctx.db);
  await sql`insert into resource_locale (resource_id, lang, title, markdown, html, toc, summary, plain, search)
            values (${resourceId}, 'zh-CN', 'T', ${markdown}, '', '[]'::jsonb, '', '', ''::tsvector)`.execute(ctx.db);
  return resourceId;
}

describe('cms/remove_attachment_file', () => {
  const remove = (_id: string) => call(ctx.app, 'cms/remove_attachment_file', { _id }, { cookie: admin });

  it('is refused while a document links to it, then removes the row and the bytes', async () => {
    const content = Buffer.from(`linked ${randomUUID()}\n`);
    const res: UploadResult<CmsAttachment> = await upload(
      ctx.app,
      { name: 'l.txt', bytes: content },
      { cookie: admin },
    );
    const attachment = res.body.data;
    const resourceId = await insertResource(`See ${attachment.markdown} for more.`);
    const before = await storedKeys();

    const refused = await remove(attachment._id);
    expectError(refused, 'attachmentInUse');
    expect(refused.body.data).toEqual({ resource_id: resourceId });

    await sql`update resource_locale set markdown = 'no more links' where resource_id = ${resourceId}`.execute(ctx.db);
    const removed = await remove(attachment._id);
    expect(removed.body).toEqual({ code: 0, message: 'ok', data: { _id: attachment._id } });
    expect((await storedKeys()).length).toBe(before.length - 1);
    const gone = await ctx.app.inject({ method: 'GET', url: attachment.url });
    expect(gone.statusCode).toBe(404);
    expectError(await remove(attachment._id), 'attachmentNotFound');
  });

  it('keeps the bytes while another attachment has them', async () => {
    const content = Buffer.from(`shared ${randomUUID()}\n`);
    const one = (await upload<CmsAttachment>(ctx.app, { name: '1.txt', bytes: content }, { cookie: admin })).body.data;
    const two = (await upload<CmsAttachment>(ctx.app, { name: '2.txt', bytes: content }, { cookie: admin })).body.data;
    const before = await storedKeys();
    await remove(one._id);
    expect(await storedKeys()).toEqual(before);
    expect((await ctx.app.inject({ method: 'GET', url: two.url })).rawPayload.equals(content)).toBe(true);
    await remove(two._id);
    expect((await storedKeys()).length).toBe(before.length - 1);
    // The same bytes uploaded again are stored again.
    const three = (await upload<CmsAttachment>(ctx.app, { name: '3.txt', bytes: content }, { cookie: admin })).body
      .data;
    expect((await ctx.app.inject({ method: 'GET', url: three.url })).rawPayload.equals(content)).toBe(true);
  });

  it('goes with its resource: removing the resource drops the rows and the bytes no other row has', async () => {
    const resourceId = await insertResource('no links');
    const own = Buffer.from(`own ${randomUUID()}\n`);
    const shared = Buffer.from(`shared with a loose upload ${randomUUID()}\n`);
    const loose = (await upload<CmsAttachment>(ctx.app, { name: 'loose.txt', bytes: shared }, { cookie: admin })).body
      .data;
    const before = await storedKeys();
    for (const [name, content] of [['own.txt', own] as const, ['shared.txt', shared] as const]) {
      const res = await upload(ctx.app, { name, bytes: content }, { cookie: admin, resourceId });
      expect(res.status).toBe(200);
    }
    expect((await storedKeys()).length).toBe(before.length + 1);
    const { revision } = await ctx.db
      .selectFrom('resource')
      .select('revision')
      .where('id', '=', resourceId)
      .executeTakeFirstOrThrow();
    const removed = await call(ctx.app, 'cms/remove_resource_info', { _id: resourceId, revision }, { cookie: admin });
    expect(removed.body).toEqual({ code: 0, message: 'ok', data: { _id: resourceId } });
    expect(await storedKeys()).toEqual(before);
    expect(await ctx.db.selectFrom('attachment').select('id').where('resource_id', '=', resourceId).execute()).toEqual(
      [],
    );
    expect((await ctx.app.inject({ method: 'GET', url: loose.url })).rawPayload.equals(shared)).toBe(true);
  });

  it.each([{}, { _id: '' }, { _id: 'x'.repeat(65) }, { _id: 1 }, { _id: 'x', extra: 1 }])(
    'refuses %o',
    async (body) => {
      expectError(await call(ctx.app, 'cms/remove_attachment_file', body, { cookie: admin }), 'invalidField');
    },
  );

  it('is recorded in the audit trail, like the upload', async () => {
    const attachment = (
      await upload<CmsAttachment>(ctx.app, { name: 'audited.pdf', bytes: samples.pdf }, { cookie: admin })
    ).body.data;
    await remove(attachment._id);
    const rows = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_name', 'actor'])
      .where('target_id', '=', attachment._id)
      .orderBy('seq')
      .execute();
    expect(rows).toEqual([
      { action: 'cms/upload_attachment_file', target_type: 'attachment', target_name: 'audited.pdf', actor: 'admin' },
      { action: 'cms/remove_attachment_file', target_type: 'attachment', target_name: null, actor: 'admin' },
    ]);
  });
});
