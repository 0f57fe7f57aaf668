import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ApiEnvelope } from '@open/protocol/api';
import { call, type CallOptions } from './helpers.js';

export const UPLOAD_PATH = 'cms/upload_attachment_file';
export const UPLOAD_URL = `/dzfront/open/server/api/${UPLOAD_PATH}`;

export interface Part {
  name: string;
  value: string | Buffer;
  /** A file part when given (may be empty). */
  filename?: string;
  type?: string;
}

/** A multipart body written by hand, so tests control every byte (names in UTF-8, odd parts). */
export function multipartBody(parts: Part[], boundary = 'open-test-boundary'): { payload: Buffer; type: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ?? (part.filename === undefined ? undefined : 'application/octet-stream');
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n` +
          (type ? `Content-Type: ${type}\r\n` : '') +
          '\r\n',
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadResult<T = unknown> {
  status: number;
  body: ApiEnvelope<T>;
  response: LightMyRequestResponse;
}

/** Uploads one file as the CMS does (one `file` part, an optional `resource_id` field). */
export async function upload<T = unknown>(
  app: FastifyInstance,
  file: { name: string; bytes: Buffer | string; type?: string },
  options: CallOptions & { resourceId?: string; parts?: Part[] } = {},
): Promise<UploadResult<T>> {
  const parts: Part[] = [
    ...(options.resourceId === undefined ? [] : [{ name: 'resource_id', value: options.resourceId }]),
    { name: 'file', value: file.bytes, filename: file.name, ...(file.type ? { type: file.type } : {}) },
    ...(options.parts ?? []),
  ];
  const { payload, type } = multipartBody(parts);
  return sendMultipart<T>(app, payload, type, options);
}

/** POSTs raw bytes to the upload call with the given content type. */
export async function sendMultipart<T = unknown>(
  app: FastifyInstance,
  payload: Buffer | string,
  contentType: string | undefined,
  options: CallOptions = {},
): Promise<UploadResult<T>> {
  const response = await app.inject({
    method: 'POST',
    url: UPLOAD_URL,
    headers: {
      ...(contentType === undefined ? {} : { 'content-type': contentType }),
      'x-lang': 'en',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload,
  });
  return { status: response.statusCode, body: response.json<ApiEnvelope<T>>(), response };
}

/** Signs in with an account and password, answering the cookie to send along. */
export async function loginAs(app: FastifyInstance, account: string, password: string): Promise<string> {
  const { response, status } = await call(app, 'global/login', { account, password });
  if (status !== 200) throw new Error(`${account} could not sign in: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'open_session');
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}
