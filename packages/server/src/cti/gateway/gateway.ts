import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { errorMessageKey } from '@open/protocol/errors';
import { clientFrame } from '@open/protocol/cti/frames';
import {
  closeCodes,
  ctiLimits,
  ctiTimings,
  type AuthFrame,
  type ReadyFrame,
  type RequestFrame,
} from '@open/protocol/cti/protocol';
import { isLang, type Lang } from '@open/protocol/locales';
import { CTI_SOCKET_PATH } from '@open/protocol/paths';
import type { LoginTokens } from '../../auth/login-token.js';
import type { Executor } from '../../db/executor.js';
import { ApiError } from '../../http/api-error.js';
import { translate } from '../../http/i18n.js';
import type { Lifecycle } from '../../lifecycle.js';
import type { CtiService } from '../cti.service.js';
import { loadProfiles } from '../profiles.js';
import type { Scheduler } from '../engine/scheduler.js';
import { runMethod } from './methods.js';
import type { Session, SessionLink } from './session-registry.js';

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

/**
 * The softphone socket (DESIGN §7; the protocol is documented in protocol/cti/protocol.ts):
 * authentication by login token or resume, heartbeat, requests answered exactly once with a
 * code, numbered events kept for a resumed client, a grace period after a drop, one session per
 * agent (the newer takes over), and limits on frame size and rate. Every frame is handled
 * without throwing: a bad one gets a coded answer, never a crash.
 */
export async function registerCtiGateway(
  app: FastifyInstance,
  { db, tokens, lifecycle, cti }: { db: Executor; tokens: LoginTokens; lifecycle: Lifecycle; cti: CtiService },
) {
  const { engine, registry, scheduler, options } = cti;
  cti.useLogger(app.log);
  const heartbeatMs = options.heartbeatMs ?? ctiTimings.heartbeatMs;
  const graceMs = options.graceMs ?? ctiTimings.graceMs;
  const authTimeoutMs = options.authTimeoutMs ?? ctiTimings.authTimeoutMs;
  const deadAfterMs = heartbeatMs * ctiTimings.deadAfterBeats;

  await app.register(websocket, { options: { maxPayload: ctiLimits.frameBytes } });
  const sockets = new Set<WebSocket>();
  lifecycle.onClose('cti sockets', () => {
    for (const socket of sockets) socket.close(closeCodes.goingAway, 'shutdown');
  });

  app.get(CTI_SOCKET_PATH, { websocket: true }, (socket: WebSocket, request: FastifyRequest) => {
    sockets.add(socket);
    const asked = (request.query as { lang?: unknown }).lang;
    let lang: Lang = isLang(asked) ? asked : 'zh-CN';
    let session: Session | undefined;
    const authenticated = () => session !== undefined;
    let closed = false;
    let protocolErrors = 0;
    const withinBudget = frameBudget(scheduler);

    const link: SessionLink = {
      send(frame) {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      },
      close(code, reason) {
        closeLink(code, reason, false);
      },
    };

    /** Closes the socket; `keepSession` starts the grace period, otherwise the session is over for this link. */
    function closeLink(code: number, reason: string, keepSession: boolean) {
      if (closed) return;
      closed = true;
      stopAuthTimer();
      stopDeadTimer();
      if (session && keepSession) registry.detach(session, link);
      session = keepSession ? session : undefined;
      socket.close(code, reason);
    }

    const answer = (id: string | null, error: ApiError) => {
      link.send({
        type: 'res',
        id,
        code: error.code,
        message: translate(lang, errorMessageKey(error.errorName), error.values),
        data: error.data,
      });
    };

    let stopAuthTimer = scheduler.after(authTimeoutMs, () => {
      if (!session) closeLink(closeCodes.authTimeout, 'authTimeout', false);
    });
    let stopDeadTimer = () => {};
    const heard = () => {
      stopDeadTimer();
      stopDeadTimer = scheduler.after(deadAfterMs, () => {
        closeLink(closeCodes.heartbeatTimeout, 'heartbeatTimeout', true);
      });
    };

    async function authenticate(frame: AuthFrame) {
      if (frame.resume && frame.token === undefined) {
        const held = registry.find(frame.resume.session);
        // The agent may have been disabled or removed while the link was down.
        const profiles = held ? await loadProfiles(db, held.tenantId, held.agentId) : undefined;
        if (closed) return;
        const resumed =
          profiles && registry.resume(frame.resume.session, frame.resume.key, frame.resume.last_seq, link);
        if (!profiles || !resumed) {
          closeLink(closeCodes.sessionGone, 'sessionGone', false);
          return;
        }
        session = resumed.session;
        lang = session.lang as Lang;
        if (resumed.previousLink && resumed.previousLink !== link)
          resumed.previousLink.close(closeCodes.replaced, 'replaced');
        const attached = engine.attach(profiles.profile, profiles.tenantProfile);
        link.send(readyFrame(session, attached, true, resumed.all));
        for (const event of resumed.missed) link.send(event);
        registry.publish(session.agentId, 'interruptionCancelled', { missed_events: resumed.missed.length });
        return;
      }
      if (frame.token === undefined || frame.resume) {
        closeLink(closeCodes.authFailed, 'socketAuthFailed', false);
        return;
      }
      const verified = await tokens.verify(frame.token, 'cti');
      if (!(await tokens.consume(verified, 'socket'))) throw new ApiError('loginTokenUsed');
      const { profile, tenantProfile } = await loadProfiles(db, verified.tenantId, verified.agentId);
      if (!isLang(asked) && isLang(tenantProfile.defaultLang)) lang = tenantProfile.defaultLang;
      if (closed) return;
      const opened = registry.open({
        agentId: profile.id,
        tenantId: profile.tenantId,
        lang,
        tokenExpiresAt: verified.expiresAt,
        link,
      });
      session = opened.session;
      opened.replaced?.link?.close(closeCodes.replaced, 'replaced');
      const attached = engine.attach(profile, tenantProfile);
      link.send(readyFrame(session, attached, false, true));
    }

    function readyFrame(
      current: Session,
      attached: ReturnType<typeof engine.attach>,
      resumed: boolean,
      replayedAll: boolean,
    ): ReadyFrame {
      return {
        type: 'ready',
        session: current.id,
        resume_key: current.resumeKey,
        resumed,
        seq: current.seq,
        replayed_all: replayedAll,
        heartbeat_ms: heartbeatMs,
        grace_ms: graceMs,
        token_expires_at: current.tokenExpiresAt.toISOString(),
        agent: attached.agent,
        tenant: attached.tenant,
      };
    }

    async function runRequest(frame: Pick<RequestFrame, 'id' | 'method'> & { params?: unknown }) {
      if (!session) return;
      const { agentId, tenantId } = session;
      try {
        const data = await runMethod(
          {
            engine,
            db,
            agentId,
            tenantId,
            relay: (callId, signal) => {
              registry.publish(engine.peerOf(agentId, callId), 'rtcSignal', { call_id: callId, from: agentId, signal });
            },
          },
          frame.method,
          frame.params ?? {},
        );
        link.send({ type: 'res', id: frame.id, code: 0, message: 'ok', data });
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
          await authenticate(frame);
          // `authenticate` sets the session when it succeeds.
          if (authenticated()) heard();
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          closeLink(closeCodes.authFailed, error.errorName, false);
        }
        return;
      }
      if (!session) closeLink(closeCodes.authFailed, 'socketAuthFailed', false);
      else if (frame.type === 'ping') link.send({ type: 'pong', ts: frame.ts, server_ts: scheduler.now() });
      else await runRequest(frame);
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
          request.log.error({ err: error }, 'cti frame failed');
          answer(null, new ApiError('internal'));
        });
    });
    socket.on('close', () => {
      sockets.delete(socket);
      stopAuthTimer();
      stopDeadTimer();
      closed = true;
      if (session) registry.detach(session, link);
    });
    socket.on('error', (error) => {
      // A frame over maxPayload arrives here (ws closes with 1009 itself).
      request.log.info({ err: error }, 'cti socket error');
    });
  });

  return { engine, registry };
}
