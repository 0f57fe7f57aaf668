/**
 * The one `multipart/form-data` call (an attachment upload), read with busboy, the parser
 * @fastify/multipart wraps. The wrapper is not used: it pipes the raw request into busboy,
 * past the `preParsing` hook that cuts bodies which stop arriving (body-deadline.ts), and
 * with it a second reader would stall the first. Here the body is the stream that hook hands
 * on, and the limits are ours: one file of at most `maxFileBytes` (refused with 413 the moment
 * it goes past, without reading further), a few short fields.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy, type BusboyFileStream, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldReason } from '@open/protocol/errors';
import { ApiError, FieldError } from '../errors.js';
import type { ReceivedFile } from '../storage/received-file.js';

export type { ReceivedFile };

export interface MultipartForm {
  /** The form's text fields; a field sent twice is refused before this. */
  fields: Record<string, string>;
  file: ReceivedFile | undefined;
  /** Removes the staged file; call once the handler is done with it. */
  cleanup(): Promise<void>;
}

export interface MultipartLimits {
  /** The form field that carries the file. */
  fileField: string;
  maxFileBytes: number;
}

/** Text fields are ids and the like; anything longer than this is refused as too long. */
const FIELD_BYTES = 1024;
const MAX_FIELDS = 16;
/**
 * Room in a form for what is not the file: its boundaries, part headers and the short fields.
 * A body declared larger than the file limit plus this cannot carry an allowed file.
 */
const FORM_OVERHEAD_BYTES = MAX_FIELDS * (FIELD_BYTES + 512) + 4096;

/** Megabytes for the message, with enough digits that a small limit does not read as 0. */
export const megabytes = (bytes: number) => Number((bytes / (1024 * 1024)).toPrecision(2));

/**
 * Lets a context read `multipart/form-data` bodies as they come: its parser hands the body
 * stream on untouched (after `preParsing`), and only the routes of that context accept it.
 */
export function acceptMultipart(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    // Until the handler reads it, a failing body (its deadline) must not be an unhandled error.
    payload.on('error', () => undefined);
    done(null, payload);
  });
}

/**
 * Browsers send the file name as raw UTF-8 in `filename="…"`, which the header parser reads
 * as Latin-1; read it again as UTF-8 when that is what it is.
 */
function decodeFileName(name: string): string {
  if (!/[\u0080-\u00ff]/.test(name) || /[\u0100-\uffff]/.test(name)) return name;
  const bytes = Buffer.from(name, 'latin1');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return name;
  }
}

/** A parser for the request's form within our limits; a request busboy cannot read is refused. */
function formParser(request: FastifyRequest, maxFileBytes: number): BusboyInstance {
  try {
    return new Busboy({
      headers: request.headers as BusboyHeaders,
      limits: {
        fileSize: maxFileBytes,
        files: 1,
        fields: MAX_FIELDS,
        parts: MAX_FIELDS + 1,
        fieldSize: FIELD_BYTES,
        headerPairs: 16,
      },
    });
  } catch {
    // No boundary, or a content type busboy does not read.
    throw new ApiError('badRequest');
  }
}

/** A form as it is read: what came so far, and where its file goes. */
interface FormReading extends MultipartLimits {
  /** Where the file is staged. */
  staged: string;
  fields: Map<string, string>;
  issues: { field: string; reason: FieldReason }[];
  writes: Promise<void>[];
  file: ReceivedFile | undefined;
}

/**
 * A file part: the one expected is written to the staged file, any other read past as an issue;
 * `fail` stops reading the form.
 */
function stageFile(
  form: FormReading,
  fail: (error: unknown) => void,
  { name, stream, filename, type }: { name: string; stream: BusboyFileStream; filename: string; type: string },
) {
  stream.on('limit', () => {
    fail(new ApiError('attachmentTooLarge', { max: megabytes(form.maxFileBytes) }));
  });
  if (name !== form.fileField) {
    form.issues.push({ field: name, reason: 'unknown' });
    stream.on('error', () => undefined);
    stream.resume();
    return;
  }
  const { staged } = form;
  // A stream error (the body ended inside the part) also rejects this write.
  const write = pipeline(stream, createWriteStream(staged)).then(() => {
    if (stream.truncated) return;
    const size = stream.bytesRead;
    form.file = {
      filename: decodeFileName(filename),
      claimedType: type,
      size,
      open: (range) => createReadStream(staged, range),
    };
  });
  form.writes.push(write);
  write.catch(fail);
}

/** Reads the body through the parser into `form`; settles once every part is read and written. */
function readForm(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: Readable,
  parser: BusboyInstance,
  form: FormReading,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      payload.unpipe(parser);
      // What is left of the body is never read: the connection cannot carry another request.
      void reply.header('connection', 'close');
      reject(error instanceof ApiError ? error : new ApiError('badRequest'));
    };
    const { fields, issues, fileField } = form;

    parser.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (valueTruncated) issues.push({ field: name, reason: 'tooLong' });
      else if (fields.has(name) || name === fileField) issues.push({ field: name, reason: 'notAllowed' });
      else fields.set(name, value);
    });
    parser.on('file', (name: string, stream: BusboyFileStream, filename: string, _encoding: string, type: string) => {
      stageFile(form, fail, { name, stream, filename, type });
    });
    parser.on('filesLimit', () => issues.push({ field: fileField, reason: 'notAllowed' }));
    parser.on('fieldsLimit', () => issues.push({ field: 'body', reason: 'notAllowed' }));
    parser.on('partsLimit', () => issues.push({ field: 'body', reason: 'notAllowed' }));
    parser.on('error', (error: unknown) => {
      request.log.info({ err: error }, 'multipart body refused by its parser');
      fail(new ApiError('badRequest'));
    });
    parser.on('finish', () => {
      Promise.all(form.writes).then(() => {
        if (!settled) {
          settled = true;
          resolve();
        }
      }, fail);
    });
    // The body deadline fails the stream with requestTimeout; a client that hangs up, with its own error.
    payload.on('error', fail);
    payload.on('close', () => {
      if (!payload.readableEnded) fail(new ApiError('badRequest'));
    });
    payload.pipe(parser);
  });
}

/**
 * Reads the whole form of a multipart request: fields in memory, the file to a temporary
 * file. Refuses with `attachmentTooLarge` past the limit (and closes the connection, whose
 * rest is never read), `badRequest` for a body busboy cannot parse, and field issues for a
 * missing, repeated or unknown part.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  reply: FastifyReply,
  { fileField, maxFileBytes }: MultipartLimits,
): Promise<MultipartForm> {
  const payload = request.body;
  if (!(payload instanceof Readable)) throw new ApiError('unsupportedMediaType');
  if (payload.destroyed) throw new ApiError('badRequest');
  // Refused from its declared size, before a byte of it is read (the answer closes the connection).
  if (Number(request.headers['content-length']) > maxFileBytes + FORM_OVERHEAD_BYTES) {
    throw new ApiError('attachmentTooLarge', { max: megabytes(maxFileBytes) });
  }
  const parser = formParser(request, maxFileBytes);

  const dir = await mkdtemp(path.join(tmpdir(), 'open-upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const form: FormReading = {
    fileField,
    maxFileBytes,
    staged: path.join(dir, 'file'),
    fields: new Map<string, string>(),
    issues: [],
    writes: [],
    file: undefined,
  };
  const received = readForm(request, reply, payload, parser, form);

  try {
    await received;
    if (form.issues.length > 0) throw new FieldError(form.issues);
    return { fields: Object.fromEntries(form.fields), file: form.file, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
