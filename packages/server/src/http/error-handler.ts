import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { API_PREFIX, type ApiEnvelope } from '@open/protocol/api';
import { errorMessageKey, fieldReasons, type FieldIssue, type FieldReason } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import { DEFAULT_LANG, type Lang } from '@open/protocol/locales';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { ApiError, FieldError } from '../errors.js';
import { translate } from '../i18n/translate.js';
import { requestLang } from './i18n.js';
import { settleUnreadBody } from './unread-body.js';

function fieldName(issue: ZodFastifySchemaValidationError): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || 'body';
}

function numberParam(params: Record<string, unknown>, name: string): number | string {
  const value = params[name];
  return typeof value === 'number' || typeof value === 'string' ? value : '';
}

/** Whether the request body holds anything at the issue's path (absent means "required"). */
function isPresent(body: unknown, instancePath: string): boolean {
  let node: unknown = body;
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== undefined;
}

/** A refinement's reason (see `text()` in the protocol) and the bound it names, if any. */
function customReason(params: Record<string, unknown>): { reason: FieldReason | undefined; max: number | string } {
  const inner = params.params;
  const named = typeof inner === 'object' && inner !== null ? (inner as { reason?: unknown; max?: unknown }) : {};
  const reason = (fieldReasons as readonly unknown[]).includes(named.reason)
    ? (named.reason as FieldReason)
    : undefined;
  return { reason, max: typeof named.max === 'number' ? named.max : '' };
}

/** Turns each zod issue into a field, a reason and a sentence in the caller's language. */
export function describeIssues(issues: ZodFastifySchemaValidationError[], body: unknown, lang: Lang): FieldIssue[] {
  return issues.flatMap((issue): FieldIssue[] => {
    const params = issue.params;
    const field = fieldName(issue);
    const say = (reason: FieldReason, f: string, values: Record<string, string | number> = {}): FieldIssue => ({
      field: f,
      reason,
      message: translate(lang, `error.field.${reason}`, { field: f, ...values }),
    });
    switch (issue.keyword) {
      case 'unrecognized_keys': {
        const keys = Array.isArray(params.keys) ? (params.keys as unknown[]).map(String) : [];
        return keys.map((key) => say('unknown', field === 'body' ? key : `${field}.${key}`));
      }
      case 'invalid_type':
        // zod reports a missing field as an invalid type.
        return [say(field !== 'body' && !isPresent(body, issue.instancePath) ? 'required' : 'wrongType', field)];
      case 'too_big':
        return [say(params.origin === 'string' ? 'tooLong' : 'tooBig', field, { max: numberParam(params, 'maximum') })];
      case 'too_small':
        if (params.origin === 'string' && params.minimum === 1) return [say('required', field)];
        return [
          say(params.origin === 'string' ? 'tooShort' : 'tooSmall', field, { min: numberParam(params, 'minimum') }),
        ];
      case 'custom': {
        const { reason, max } = customReason(params);
        return [say(reason ?? 'notAllowed', field, { max })];
      }
      default:
        return [say('notAllowed', field)];
    }
  });
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, envelope: ApiEnvelope): FastifyReply {
  settleUnreadBody(request, reply);
  return reply.status(status).type('application/json; charset=utf-8').send(envelope);
}

function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  const message = translate(requestLang(request), errorMessageKey(error.errorName), error.values);
  // A soft failure is an answer, not a fault (an anonymous visitor asking whether they are
  // signed in): HTTP 200 so browsers do not log it, the catalogue's code in the envelope.
  const soft = request.routeOptions.config.softFailures?.includes(error.errorName) === true;
  return send(request, reply, soft ? 200 : error.status, { code: error.code, message, data: error.data });
}

/** Fastify's own errors for bad requests, by their code, mapped onto the catalogue. */
function fromFastifyError(error: FastifyError, request: FastifyRequest): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ApiError('unsupportedMediaType');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('bodyTooLarge', { max: limits.bodyBytes });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('badJson');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('badRequest');
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return new ApiError('badJson');
  if (error.statusCode === 404) return new ApiError('apiNotFound', { path: request.url });
  return undefined;
}

/**
 * Races between writers that PostgreSQL resolved by refusing one of them, and a database that
 * cannot be reached (down, restarting, no connection within the pool's bound). A unique violation
 * is not among them: a service that can meet one names its index (see `isUniqueViolation`),
 * so one that reaches this handler is a bug and is logged as such.
 */
function fromDatabaseError(error: unknown): ApiError | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === '40001' || code === '40P01') return new ApiError('concurrentUpdate');
  if (isDatabaseUnavailable(error)) return new ApiError('databaseUnavailable');
  return undefined;
}

/**
 * What the log keeps of a client's mistake: what was wrong, not the stack, which shows only where
 * our code noticed it and would let any client add a stack to the log with every request.
 */
export function clientMistake(error: Error & { code?: string }): { code: string | undefined; reason: string } {
  return { code: error.code, reason: error.message };
}

/** The client hung up before its request had arrived: its doing, not a fault of ours. */
function clientWentAway(error: FastifyError, request: FastifyRequest): boolean {
  return error.code === 'ECONNRESET' || error.message === 'aborted' || request.raw.socket.destroyed;
}

function sendFieldIssues(request: FastifyRequest, reply: FastifyReply, lang: Lang, issues: FieldIssue[]): FastifyReply {
  const detail = issues.map((i) => i.message).join(' ');
  return send(request, reply, 400, {
    code: new ApiError('invalidField').code,
    message: translate(lang, 'error.invalidField', { detail }),
    data: { issues },
  });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof FieldError) {
      const lang = requestLang(request);
      const issues = error.issues.map(({ field, reason }) => ({
        field,
        reason,
        message: translate(lang, `error.field.${reason}`, { field }),
      }));
      return sendFieldIssues(request, reply, lang, issues);
    }
    if (error instanceof ApiError) return sendApiError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const lang = requestLang(request);
      return sendFieldIssues(request, reply, lang, describeIssues(error.validation, request.body, lang));
    }
    const known = fromFastifyError(error, request) ?? fromDatabaseError(error);
    // An outage, not a bug: one warning a call, and the caller is told to try again.
    if (known?.errorName === 'databaseUnavailable') request.log.warn({ err: error }, 'database unavailable');
    if (known) return sendApiError(request, reply, known);
    if (clientWentAway(error, request)) {
      request.log.info('the client closed the connection before its request had arrived');
      return sendApiError(request, reply, new ApiError('badRequest'));
    }
    // Any other client fault Fastify detects (it sets a 4xx status) is still the client's.
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info(clientMistake(error), 'request refused by the HTTP layer');
      return sendApiError(request, reply, new ApiError('badRequest'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendApiError(request, reply, new ApiError('internal'));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = `${request.method} ${request.url}`;
    const isApi = request.url.startsWith(API_PREFIX);
    return sendApiError(request, reply, new ApiError(isApi ? 'apiNotFound' : 'notFound', { path }));
  });
}

/**
 * Errors Fastify meets before routing (a URL that does not decode, such as `%ff`): answered
 * in the envelope like every other failure.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = error.code === 'FST_ERR_BAD_URL' ? new ApiError('badUrl') : new ApiError('badRequest');
  request.log.info(clientMistake(error), 'request refused before routing');
  void sendApiError(request, reply, known);
}

/**
 * Requests Node's HTTP parser cannot frame (a bad Content-Length, both Content-Length and
 * Transfer-Encoding, headers too large) or that never finished arriving: there is no request
 * object, so the envelope is written on the socket by hand, in the default language, and the
 * connection is closed since its framing cannot be trusted.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? new ApiError('requestTimeout') : new ApiError('badRequest');
  this.log.info(clientMistake(error), 'connection refused by the HTTP parser');
  if (socket.writable) {
    const message = translate(DEFAULT_LANG, errorMessageKey(known.errorName), known.values);
    const body = JSON.stringify({ code: known.code, message, data: null } satisfies ApiEnvelope);
    socket.write(
      [
        `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status] ?? ''}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy();
}
