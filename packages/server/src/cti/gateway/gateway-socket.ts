import type { WebSocket } from 'ws';
import { closeCodes, ctiLimits } from '@open/protocol/cti/protocol';
import type { Lang } from '@open/protocol/locales';
import { ApiError } from '../../errors.js';
import type { Scheduler } from '../engine/scheduler.js';
import { answerPing, handleFrame, readFrame } from './gateway-frames.js';
import { answer, closeLink, heard, linkDown, openLink, type GatewayContext } from './gateway-link.js';

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

/**
 * One phone's socket, from upgrade to close: its frames within their rate, handled in order;
 * `onGone` when it closes.
 */
export function handleSocket(
  gateway: GatewayContext,
  socket: WebSocket,
  askedLang: Lang | null,
  onGone: (socket: WebSocket) => void,
) {
  const withinBudget = frameBudget(gateway.cti.scheduler);
  const link = openLink(gateway, socket, askedLang);

  // Frames are handled one after another, in order, even while one waits on the database
  // (a signed-in phone's pings excepted: answerPing).
  let queue = Promise.resolve();
  socket.on('message', (data, isBinary) => {
    if (link.closed) return;
    if (!withinBudget()) {
      answer(link, null, new ApiError('tooManyFrames'));
      closeLink(gateway, link, closeCodes.rateLimited, 'tooManyFrames', true);
      return;
    }
    if (link.session) heard(gateway, link);
    const raw = isBinary
      ? ''
      : Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Buffer.concat(data as Buffer[]).toString('utf8');
    const frame = readFrame(raw);
    if (answerPing(gateway, link, frame)) return;
    queue = queue
      .then(() => (link.closed ? undefined : handleFrame(gateway, link, frame)))
      .catch((error: unknown) => {
        gateway.log.error({ err: error }, 'cti frame failed');
        answer(link, null, new ApiError('internal'));
      });
  });
  socket.on('close', () => {
    onGone(socket);
    link.stopAuthTimer();
    gateway.silence.forget(link);
    link.forgetSocket();
    const current = link.session;
    link.closed = true;
    link.session = undefined;
    if (current) linkDown(gateway, link, current);
  });
  socket.on('error', (error: Error & { code?: string }) => {
    // A frame over maxPayload arrives here (ws closes with 1009 itself). A client's mistake:
    // what it was, without a stack of our code, which an anonymous client could fill the log with.
    gateway.log.info({ code: error.code, reason: error.message }, 'cti socket error');
  });
}
