import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { errorMessageKey } from '@open/protocol/errors';
import { closeCodes } from '@open/protocol/cti/protocol';
import type { Lang } from '@open/protocol/locales';
import type { LoginTokens } from '../../auth/login-token.js';
import type { ApiError } from '../../errors.js';
import { translate } from '../../i18n/translate.js';
import type { LinkAddress } from '../bus/bus.js';
import type { CtiService } from '../cti.service.js';
import type { OpenedSession } from '../host/tenant-host.js';
import { frameWire } from './frame-wire.js';
import type { SilenceWatch } from './silence-watch.js';

/** What every socket of the gateway shares: the CTI service, the token check and the log. */
export interface GatewayContext {
  cti: CtiService;
  tokens: LoginTokens;
  log: FastifyBaseLogger;
  /** The signed-in links, closed when silent too long (their heartbeats stopped). */
  silence: SilenceWatch<Link>;
}

/** One socket's link to its session: what it knows of the phone, and the timers watching it. */
export interface Link {
  readonly socket: WebSocket;
  readonly address: LinkAddress;
  readonly askedLang: Lang | null;
  lang: Lang;
  session: OpenedSession | undefined;
  closed: boolean;
  protocolErrors: number;
  /** When a frame last came (the scheduler's clock), for the silence watch. */
  lastHeardAt: number;
  watched: boolean;
  stopAuthTimer: () => void;
  forgetSocket: () => void;
}

/**
 * The link of a socket just opened: reachable from the session's owner through the bus, and
 * closed unless it authenticates within the auth timeout.
 */
export function openLink(gateway: GatewayContext, socket: WebSocket, askedLang: Lang | null): Link {
  const { scheduler, timings, bus } = gateway.cti;
  const link: Link = {
    socket,
    address: { node: bus.nodeId, conn: randomUUID() },
    askedLang,
    lang: askedLang ?? 'zh-CN',
    session: undefined,
    closed: false,
    protocolErrors: 0,
    lastHeardAt: 0,
    watched: false,
    stopAuthTimer: () => {},
    forgetSocket: () => {},
  };
  link.forgetSocket = bus.attachSocket(link.address.conn, {
    send: (frame) => {
      send(link, frame);
    },
    close(code, reason) {
      closeLink(gateway, link, code, reason, false);
    },
  });
  link.stopAuthTimer = scheduler.after(timings.authTimeoutMs, () => {
    if (!link.session) closeLink(gateway, link, closeCodes.authTimeout, 'authTimeout', false);
  });
  return link;
}

/** Frames are text, whether given as a string or as its UTF-8 bytes. */
const AS_TEXT = { binary: false } as const;

/** Sends a frame while the socket is open; one that closed in the meantime gets nothing. */
export function send(link: Link, frame: object) {
  if (link.socket.readyState === link.socket.OPEN) link.socket.send(frameWire(frame), AS_TEXT);
}

/** Answers a request (or a frame too broken to have one) with an error, in the phone's language. */
export function answer(link: Link, id: string | null, error: ApiError) {
  send(link, {
    type: 'res',
    id,
    code: error.code,
    message: translate(link.lang, errorMessageKey(error.errorName), error.values),
    data: error.data,
  });
}

/** Tells the owner the link is down: the session waits out its grace period there. */
export function linkDown(gateway: GatewayContext, link: Link, current: OpenedSession) {
  gateway.cti
    .call(current.tenantId, 'linkDown', { sessionId: current.sessionId, link: link.address })
    .catch((error: unknown) => {
      gateway.log.warn({ err: error }, 'cti link-down not delivered');
    });
}

/** Closes the socket; `keepSession` starts the grace period, otherwise the session is over for this link. */
export function closeLink(gateway: GatewayContext, link: Link, code: number, reason: string, keepSession: boolean) {
  if (link.closed) return;
  link.closed = true;
  link.stopAuthTimer();
  gateway.silence.forget(link);
  link.forgetSocket();
  if (link.session && keepSession) linkDown(gateway, link, link.session);
  link.session = undefined;
  link.socket.close(code, reason);
}

/** The phone was heard from: alive for another silence window. */
export function heard(gateway: GatewayContext, link: Link) {
  gateway.silence.heard(link);
}
