/** What a call's handler is given and returns, and what the router is built from (route.ts builds it). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { apiSchemas, ApiPath } from '@open/protocol/api';
import type { ReadCache } from '../db/read-cache.js';
import type { AuditNote, Services, SignedInUser } from '../services.js';
import type { ReceivedFile } from './multipart.js';

type Route<P extends ApiPath> = (typeof apiSchemas)[P];

/** The body after validation (trimmed, defaults applied). */
export type ApiInput<P extends ApiPath> = z.output<Route<P>['body']>;
/** What a handler returns as `data`. */
export type ApiOutput<P extends ApiPath> = z.input<Route<P>['data']>;

export interface ApiContext<P extends ApiPath> {
  body: ApiInput<P>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Present exactly when the call's catalogue entry has a guard. */
  user: Route<P> extends { guard: string } ? SignedInUser : undefined;
  /** The uploaded file, for a `multipart` call (staged on disk until the answer is sent). */
  file: Route<P> extends { multipart: object } ? ReceivedFile : undefined;
  /**
   * What the audit entry of a call with an effect should say beyond what its path, body and
   * answer tell: who acted when the call has no guard (sign-in), which account it was about.
   */
  audit: AuditNote;
}

export type ApiHandler<P extends ApiPath> = (context: ApiContext<P>) => Promise<ApiOutput<P>>;

/** Settings a call needs beyond its catalogue entry. */
export interface ApiOptions {
  /** For a `multipart` call: the largest file it accepts, in bytes. */
  maxFileBytes?: number;
}

/** Declares one call of the catalogue with its handler. */
export type DefineApi = <P extends ApiPath>(path: P, handler: ApiHandler<P>, options?: ApiOptions) => void;

export interface ApiRouter {
  defineApi: DefineApi;
  /** Registers every call declared so far on the app, each in the context of the plugins it uses. */
  mount(app: FastifyInstance): Promise<void>;
}

export interface ApiRouterDeps {
  sessions: Services['sessions'];
  readCache: ReadCache;
  audit: Services['audit'];
}
