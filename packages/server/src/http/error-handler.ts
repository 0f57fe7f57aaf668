import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { API_PREFIX, type ApiEnvelope } from '@open/protocol/api';
import { errorMessageKey, type FieldIssue, type FieldReason } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import type { Lang } from '@open/protocol/locales';
import { ApiError } from './api-error.js';
import { requestLang, translate } from './i18n.js';

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
      default:
        return [say('notAllowed', field)];
    }
  });
}

function send(reply: FastifyReply, status: number, envelope: ApiEnvelope): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(envelope);
}

function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  const message = translate(requestLang(request), errorMessageKey(error.errorName), error.values);
  return send(reply, error.status, { code: error.code, message, data: error.data });
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
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('badJson');
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return new ApiError('badJson');
  if (error.statusCode === 404) return new ApiError('apiNotFound', { path: request.url });
  return undefined;
}

/** PostgreSQL refusals a service did not expect are races between writers, not bugs. */
function fromDatabaseError(error: unknown): ApiError | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === '23505' || code === '40001' || code === '40P01') return new ApiError('concurrentUpdate');
  return undefined;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendApiError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const lang = requestLang(request);
      const issues = describeIssues(error.validation, request.body, lang);
      const detail = issues.map((i) => i.message).join(' ');
      return send(reply, 400, {
        code: new ApiError('invalidField').code,
        message: translate(lang, 'error.invalidField', { detail }),
        data: { issues },
      });
    }
    const known = fromFastifyError(error, request) ?? fromDatabaseError(error);
    if (known) return sendApiError(request, reply, known);
    request.log.error({ err: error }, 'unhandled error');
    return sendApiError(request, reply, new ApiError('internal'));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = `${request.method} ${request.url}`;
    const isApi = request.url.startsWith(API_PREFIX);
    return sendApiError(request, reply, new ApiError(isApi ? 'apiNotFound' : 'notFound', { path }));
  });
}
