import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { errorMessageKey } from '@open/protocol/errors';
import { clientFrame } from '@open/protocol/cti/frames';
import { closeCodes, ctiLimits, ctiTimings, type AuthFrame, type RequestFrame } from '@open/protocol/cti/protocol';
import { isLang, type Lang } from '@open/protocol/locales';
import { CTI_SOCKET_PATH } from '@open/protocol/paths';
import type { LoginTokens } from '../../auth/login-token.js';
import { ApiError } from '../../errors.js';
import { frameText } from './frame-text.js';
import { translate } from '../../i18n/translate.js';
import type { Lifecycle } from '../../lifecycle.js';
import { tenantOfSession, type LinkAddress } from '../bus/bus.js';
import type { CtiService } from '../cti.service.js';
import type { Scheduler } from '../engine/scheduler.js';
import type { OpenedSession } from '../host/tenant-host.js';

/** Protocol errors (unreadable frames) a socket may send before it is closed. */
const PROTOCOL_ERRORS_ALLOWED = 10;

/** A token bucket: `framesPerSecond` on average, bursts up to a window's worth. */
function frameBudget(scheduler: Scheduler) {
  const capacity = (ctiLimits.framesPerSecond * ctiLimits.rateWindowMs) / 1000;
  let tokens = capacity;
  let last = scheduler.now();
  return () => {
    const now = scheduler.now();
    tokens = Math.min(capacity, tokens + ((now - last) / 1000) * ctiLimits.framesPerSecond);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** The id of a request too broken to validate, when it has a usable one. */
function idOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 && id.length <= ctiLimits.requestId ? id : null;
}

/** A tenant id as the session id carries it (a uuid); anything else cannot be a session of ours. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The softphone socket (DESIGN §7; the protocol is documented in protocol/cti/protocol.ts):
 * authentication by login token or resume, heartbeat, requests answered exactly once with a
 * code, and limits on frame size and rate. Sessions, events and the grace period belong to the
 * node that runs the agent's tenant (host/tenant-host.ts), this one or another: the gateway forwards
 * to it through `cti.call`, and it sends frames back through the bus. Every frame is handled
 * without throwing: a bad one gets a coded answer, never a crash.
 */
export async function registerCtiGateway(
  app: FastifyInstance,
  { tokens, lifecycle, cti }: { tokens: LoginTokens; lifecycle: Lifecycle; cti: CtiService },
) {
  const { scheduler, timings, bus } = cti;
  cti.useLogger(app.log);
  const deadAfterMs = timings.heartbeatMs * ctiTimings.deadAfterBeats;

  const sockets = new Set<WebSocket>();
  lifecycle.onClose('cti sockets', () => {
    for (const socket of sockets) socket.close(closeCodes.goingAway, 'shutdown');
  });
  const log = app.log;

  // In a context of its own: the plugin's hooks (an onRequest and an onResponse) then run for
  // the socket's route only, not for every API call.
  await app.register(async (socketRoom) => {
    await socketRoom.register(websocket, {
      options: { maxPayload: ctiLimits.frameBytes },
      // The plugin's own preClose, which runs before any onClose, closes every socket without a
      // code (1005); the phones must hear 1001 'shutdown' (reconnect and resume elsewhere).
      preClose(done) {
        for (const socket of sockets) socket.close(closeCodes.goingAway, 'shutdown');
        done();
      },
    });
    socketRoom.get(CTI_SOCKET_PATH, { websocket: true }, (socket: WebSocket, request: FastifyRequest) => {
      sockets.add(socket);
      // Only what the socket needs of its request is kept: holding the request would cost every
      // open socket its headers and Fastify's objects (bench/cti-load).
      const asked = (request.query as { lang?: unknown }).lang;
      const askedLang: Lang | null = isLang(asked) ? asked : null;
      handleSocket(socket, askedLang);
    });
  });

  function handleSocket(socket: WebSocket, askedLang: Lang | null) {
    let lang: Lang = askedLang ?? 'zh-CN';
    let session: OpenedSession | undefined;
    let closed = false;
    let protocolErrors = 0;
    const withinBudget = frameBudget(scheduler);
    const address: LinkAddress = { node: bus.nodeId, conn: randomUUID() };

    const send = (frame: object) => {
      if (socket.readyState === socket.OPEN) socket.send(frameText(frame));
    };
    const forgetSocket = bus.attachSocket(address.conn, {
      send,
      close(code, reason) {
        closeLink(code, reason, false);
      },
    });

    /** Tells the owner the link is down: the session waits out its grace period there. */
    function linkDown(current: OpenedSession) {
      cti
        .call(current.tenantId, 'linkDown', { sessionId: current.sessionId, link: address })
        .catch((error: unknown) => {
          log.warn({ err: error }, 'cti link-down not delivered');
        });
    }

    /** Closes the socket; `keepSession` starts the grace period, otherwise the session is over for this link. */
    function closeLink(code: number, reason: string, keepSession: boolean) {
      if (closed) return;
      closed = true;
      stopAuthTimer();
      stopDeadTimer();
      forgetSocket();
      if (session && keepSession) linkDown(session);
      session = undefined;
      socket.close(code, reason);
    }

    const answer = (id: string | null, error: ApiError) => {
      send({
        type: 'res',
        id,
        code: error.code,
        message: translate(lang, errorMessageKey(error.errorName), error.values),
        data: error.data,
      });
    };

    let stopAuthTimer = scheduler.after(timings.authTimeoutMs, () => {
      if (!session) closeLink(closeCodes.authTimeout, 'authTimeout', false);
    });
    let stopDeadTimer = () => {};
    const heard = () => {
      stopDeadTimer();
      stopDeadTimer = scheduler.after(deadAfterMs, () => {
        closeLink(closeCodes.heartbeatTimeout, 'heartbeatTimeout', true);
      });
    };

    async function authenticate(frame: AuthFrame): Promise<OpenedSession | null> {
      if (frame.resume && frame.token === undefined) {
        const { session: sessionId, key, last_seq: lastSeq } = frame.resume;
        const tenantId = tenantOfSession(sessionId);
        if (!UUID.test(tenantId)) return null;
        return cti.call(tenantId, 'resume', { sessionId, key, lastSeq, link: address });
      }
      if (frame.token === undefined || frame.resume) throw new ApiError('socketAuthFailed');
      const verified = await tokens.verify(frame.token, 'cti');
      if (!(await tokens.consume(verified, 'socket'))) throw new ApiError('loginTokenUsed');
      return cti.call(verified.tenantId, 'open', {
        tenantId: verified.tenantId,
        agentId: verified.agentId,
        askedLang,
        tokenExpiresAt: verified.expiresAt.toISOString(),
        link: address,
      });
    }

    async function runRequest(
      current: OpenedSession,
      frame: Pick<RequestFrame, 'id' | 'method'> & { params?: unknown },
    ) {
      try {
        const data = await cti.call(current.tenantId, 'request', {
          sessionId: current.sessionId,
          agentId: current.agentId,
          method: frame.method,
          params: frame.params ?? {},
        });
        send({ type: 'res', id: frame.id, code: 0, message: 'ok', data });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        answer(frame.id, error);
      }
    }

    async function handle(raw: string) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = undefined;
      }
      const checked = clientFrame.safeParse(parsed);
      if (!checked.success) {
        // Before authentication, anything but an auth frame ends the attempt.
        if (!session) {
          closeLink(closeCodes.authFailed, 'socketAuthFailed', false);
        } else if (++protocolErrors > PROTOCOL_ERRORS_ALLOWED) {
          closeLink(closeCodes.protocolError, 'badFrame', true);
        } else {
          answer(idOf(parsed), new ApiError('badFrame'));
        }
        return;
      }
      const frame = checked.data;
      if (frame.type === 'auth') {
        if (session) {
          answer(null, new ApiError('badFrame'));
          return;
        }
        stopAuthTimer();
        stopAuthTimer = () => {};
        try {
          const authenticated = await authenticate(frame);
          if (!authenticated) {
            closeLink(closeCodes.sessionGone, 'sessionGone', false);
          } else if (closed) {
            // The socket went while the owner opened the session: it waits for a resume.
            linkDown(authenticated);
          } else {
            session = authenticated;
            lang = authenticated.lang;
            heard();
          }
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          closeLink(closeCodes.authFailed, error.errorName, false);
        }
        return;
      }
      if (!session) closeLink(closeCodes.authFailed, 'socketAuthFailed', false);
      else if (frame.type === 'ping') send({ type: 'pong', ts: frame.ts, server_ts: scheduler.now() });
      else await runRequest(session, frame);
    }

    // Frames are handled one after another, in order, even while one waits on the database.
    let queue = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      if (closed) return;
      if (!withinBudget()) {
        answer(null, new ApiError('tooManyFrames'));
        closeLink(closeCodes.rateLimited, 'tooManyFrames', true);
        return;
      }
      if (session) heard();
      const raw = isBinary
        ? ''
        : Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Buffer.concat(data as Buffer[]).toString('utf8');
      queue = queue
        .then(() => (closed ? undefined : handle(raw)))
        .catch((error: unknown) => {
          log.error({ err: error }, 'cti frame failed');
          answer(null, new ApiError('internal'));
        });
    });
    socket.on('close', () => {
      sockets.delete(socket);
      stopAuthTimer();
      stopDeadTimer();
      forgetSocket();
      const current = session;
      closed = true;
      session = undefined;
      if (current) linkDown(current);
    });
    socket.on('error', (error) => {
      // A frame over maxPayload arrives here (ws closes with 1009 itself).
      log.info({ err: error }, 'cti socket error');
    });
  }
}
