import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { webhookLimits, type WebhookDeliveryError } from '@open/protocol/webhooks';
import { refusedTarget } from './webhook-target.js';

/** One attempt's outcome, as the delivery log keeps it. */
export interface AttemptResult {
  ok: boolean;
  /** The receiver's HTTP status; null when no answer came. */
  status: number | null;
  excerpt: string | null;
  error: WebhookDeliveryError | null;
  /** The system's words (an errno, a TLS alert, the refused address); null when there are none. */
  detail: string | null;
  durationMs: number;
}

/** The system's resolver (getaddrinfo, as every connection uses), or a test's. */
export type Resolver = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, callback);
};

export interface SendOptions {
  timeoutMs?: number;
  /** WEBHOOK_PRIVATE_TARGETS: this machine and private networks may be posted to. */
  allowPrivate: boolean;
  resolver?: Resolver;
}

/**
 * Connections kept open between posts: a busy call centre posts hundreds of events a second to
 * the same receiver, and a new TCP (and TLS) handshake for each would cost both sides more than
 * the post. Each new connection still goes through the guarded resolver; an idle one is closed
 * after 5 s, before most servers' own keep-alive timeouts end it under a request.
 */
const keepAlive = { keepAlive: true, keepAliveMsecs: 1_000, maxSockets: 32, maxFreeSockets: 32, timeout: 5_000 };
const agents = { http: new HttpAgent(keepAlive), https: new HttpsAgent(keepAlive) };

class TargetRefused extends Error {
  constructor(readonly address: string) {
    super(`webhook target ${address} refused`);
  }
}

/**
 * The resolver every post connects through: a name is judged by the addresses DNS gives for
 * it, at the moment of connecting, so a name that resolved to a public address when the
 * webhook was saved cannot be pointed at the metadata service later (DNS rebinding).
 */
function guardedLookup(allowPrivate: boolean, resolver: Resolver): LookupFunction {
  return (hostname, options: LookupOptions, callback) => {
    resolver(hostname, options, (error, addresses) => {
      if (error) {
        callback(error, '', 4);
        return;
      }
      const refused = addresses.find((entry) => refusedTarget(entry.address, allowPrivate));
      if (refused) {
        callback(new TargetRefused(refused.address), '', 4);
        return;
      }
      if (options.all) {
        (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, addresses);
        return;
      }
      const first = addresses[0];
      callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}

/** The log's word for a failure on the way to an answer. */
function classify(error: unknown): { error: WebhookDeliveryError; detail: string | null } {
  if (error instanceof TargetRefused) return { error: 'targetRefused', detail: error.address };
  const given = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const code = typeof given === 'string' ? given : '';
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return { error: 'connectionRefused', detail: code };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return { error: 'dnsFailed', detail: code };
  if (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /certificate|SSL|TLS/i.test(message)) {
    return { error: 'tlsFailed', detail: code || message };
  }
  return { error: 'connectionFailed', detail: code || message };
}

/** Reads the start of an answer for the log and drops the rest (a receiver may answer megabytes). */
function readExcerpt(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const limit = webhookLimits.responseExcerpt * 4;
    response.on('data', (chunk: Buffer) => {
      if (size < limit) chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) response.destroy();
    });
    const done = () => {
      resolve(Buffer.concat(chunks).toString('utf8').slice(0, webhookLimits.responseExcerpt));
    };
    response.on('end', done);
    response.on('close', done);
    response.on('error', done);
  });
}

/**
 * Posts one signed event. Never throws: every way it can fail comes back as a result for the
 * log. Redirects are not followed (a 3xx is a failed attempt, its status in the log): the
 * signature is for the address the admin gave.
 */
export function postEvent(
  url: string,
  body: string,
  headers: Record<string, string>,
  { timeoutMs = webhookLimits.timeoutMs, allowPrivate, resolver = systemResolver }: SendOptions,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const target = new URL(url);
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    const fail = (error: unknown) => {
      resolve({ ok: false, status: null, excerpt: null, ...classify(error), durationMs: elapsed() });
    };
    if (isIP(literal) !== 0 && refusedTarget(literal, allowPrivate)) {
      fail(new TargetRefused(literal));
      return;
    }
    const secure = target.protocol === 'https:';
    const send = secure ? httpsRequest : httpRequest;
    const request = send(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'open-platform-webhooks/1',
        ...headers,
      },
      lookup: guardedLookup(allowPrivate, resolver),
      // A test's own resolver gets connections of its own: a kept one would skip it.
      agent: resolver === systemResolver ? (secure ? agents.https : agents.http) : false,
    });
    const timer = setTimeout(() => {
      request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    request.on('response', (response) => {
      void readExcerpt(response).then((excerpt) => {
        clearTimeout(timer);
        const status = response.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        resolve({
          ok,
          status,
          excerpt,
          error: ok ? null : 'httpStatus',
          detail: null,
          durationMs: elapsed(),
        });
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === 'ETIMEDOUT') {
        resolve({ ok: false, status: null, excerpt: null, error: 'timeout', detail: null, durationMs: elapsed() });
        return;
      }
      fail(error);
    });
    request.end(body);
  });
}
