import websocket from '@fastify/websocket';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { closeCodes, ctiLimits, ctiTimings } from '@open/protocol/cti/protocol';
import { isLang, type Lang } from '@open/protocol/locales';
import { CTI_SOCKET_PATH } from '@open/protocol/paths';
import type { LoginTokens } from '../../auth/login-token.js';
import type { Lifecycle } from '../../lifecycle.js';
import type { CtiService } from '../cti.service.js';
import { closeLink, type GatewayContext, type Link } from './gateway-link.js';
import { handleSocket } from './gateway-socket.js';
import { createSilenceWatch } from './silence-watch.js';

/** An error the ws library raises for what a client sent (its codes start with WS_ERR_). */
function isClientFault(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('WS_ERR_');
}

/**
 * Lets the upgrade's request go once the socket is open. @fastify/websocket (11.3) leaves two
 * holds on it for the socket's whole life: an `error` listener closing over the request and its
 * reply, and the upgrade's `ServerResponse` assigned to the TCP socket (`assignSocket`), which
 * holds the `IncomingMessage`. Together about 1.5 KB of every open socket's heap
 * (bench/README.md, "Profiles, not guesses"). The listener is replaced by one that does the
 * same with the node's logger, and the response detached.
 */
function releaseUpgrade(socket: WebSocket, request: FastifyRequest, log: FastifyBaseLogger) {
  socket.removeAllListeners('error');
  socket.on('error', (error) => {
    if (!isClientFault(error)) log.error({ err: error }, 'cti socket failed');
    socket.terminate();
  });
  const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  // Node's own name for the response a socket is assigned to: no public way to read it.
  tcp._httpMessage?.detachSocket(tcp);
}

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
  cti.useLogger(app.log);
  const gateway: GatewayContext = {
    cti,
    tokens,
    log: app.log,
    silence: createSilenceWatch<Link>(cti.scheduler, cti.timings.heartbeatMs * ctiTimings.deadAfterBeats, (link) => {
      closeLink(gateway, link, closeCodes.heartbeatTimeout, 'heartbeatTimeout', true);
    }),
  };

  const sockets = new Set<WebSocket>();
  lifecycle.onClose('cti sockets', () => {
    for (const socket of sockets) socket.close(closeCodes.goingAway, 'shutdown');
  });

  // In a context of its own: the plugin's hooks (an onRequest and an onResponse) then run for
  // the socket's route only, not for every API call.
  await app.register(async (socketRoom) => {
    await socketRoom.register(websocket, {
      options: { maxPayload: ctiLimits.frameBytes },
      // The plugin's own handler logs every socket error at error level, with its stack. The
      // ws library's are a client's doing (a frame too large, bad UTF-8, a broken frame header):
      // gateway-socket.ts notes them at info; anything else is a fault of ours.
      errorHandler(error, socket, request) {
        if (!isClientFault(error)) request.log.error({ err: error }, 'cti socket failed');
        socket.terminate();
      },
      // The plugin's own preClose, which runs before any onClose, closes every socket without a
      // code (1005); the phones must hear 1001 'shutdown' (reconnect and resume elsewhere).
      preClose(done) {
        for (const socket of sockets) socket.close(closeCodes.goingAway, 'shutdown');
        done();
      },
    });
    socketRoom.get(CTI_SOCKET_PATH, { websocket: true }, (socket: WebSocket, request: FastifyRequest) => {
      sockets.add(socket);
      releaseUpgrade(socket, request, app.log);
      // Only what the socket needs of its request is kept: holding the request would cost every
      // open socket its headers and Fastify's objects (bench/cti-load).
      const asked = (request.query as { lang?: unknown }).lang;
      const askedLang: Lang | null = isLang(asked) ? asked : null;
      handleSocket(gateway, socket, askedLang, (gone) => {
        sockets.delete(gone);
      });
    });
  });
}
