import { clientFrame } from '@open/protocol/cti/frames';
import { closeCodes, ctiLimits, type RequestFrame } from '@open/protocol/cti/protocol';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '@open/protocol/json-depth';
import { ApiError } from '../../errors.js';
import type { OpenedSession } from '../host/tenant-host.js';
import { handleAuth } from './gateway-auth.js';
import { updateToken } from './gateway-token.js';
import { answer, closeLink, send, type GatewayContext, type Link } from './gateway-link.js';

/** Protocol errors (unreadable frames) a socket may send before it is closed. */
const PROTOCOL_ERRORS_ALLOWED = 10;

/** The id of a request too broken to validate, when it has a usable one. */
function idOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 && id.length <= ctiLimits.requestId ? id : null;
}

/** Forwards a request to the session's owner and answers it exactly once, with its data or its code. */
async function runRequest(
  gateway: GatewayContext,
  link: Link,
  current: OpenedSession,
  frame: Pick<RequestFrame, 'id' | 'method'> & { params?: unknown },
) {
  try {
    const data =
      frame.method === 'updateToken'
        ? await updateToken(gateway, current, frame.params ?? {})
        : await gateway.cti.call(current.tenantId, 'request', {
            sessionId: current.sessionId,
            agentId: current.agentId,
            method: frame.method,
            params: frame.params ?? {},
          });
    send(link, { type: 'res', id: frame.id, code: 0, message: 'ok', data });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    answer(link, frame.id, error);
  }
}

/** One text frame of the phone, parsed and checked: what `handleFrame` takes. */
export function readFrame(raw: string) {
  let parsed: unknown;
  try {
    // Too deep is not a frame of the protocol either, and is not worth parsing (protocol's json-depth.ts).
    parsed = nestsDeeperThan(raw, MAX_JSON_DEPTH) ? undefined : JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  return { parsed, checked: clientFrame.safeParse(parsed) };
}

/**
 * A ping of a signed-in phone is answered as it arrives, not behind the requests before it: a
 * request that waits (on the database, on another node) must not make a live link look dead to
 * the phone, which probes a silent link with a ping (softphone's cti-socket.ts). True: answered.
 */
export function answerPing(gateway: GatewayContext, link: Link, { checked }: ReturnType<typeof readFrame>): boolean {
  if (!link.session || !checked.success || checked.data.type !== 'ping') return false;
  send(link, { type: 'pong', ts: checked.data.ts, server_ts: gateway.cti.scheduler.now() });
  return true;
}

/** Handles one text frame of the phone: auth, ping or request; an unreadable one gets a coded answer. */
export async function handleFrame(
  gateway: GatewayContext,
  link: Link,
  { parsed, checked }: ReturnType<typeof readFrame>,
) {
  if (!checked.success) {
    // Before authentication, anything but an auth frame ends the attempt.
    if (!link.session) {
      closeLink(gateway, link, closeCodes.authFailed, 'socketAuthFailed', false);
    } else if (++link.protocolErrors > PROTOCOL_ERRORS_ALLOWED) {
      closeLink(gateway, link, closeCodes.protocolError, 'badFrame', true);
    } else {
      answer(link, idOf(parsed), new ApiError('badFrame'));
    }
    return;
  }
  const frame = checked.data;
  if (frame.type === 'auth') {
    await handleAuth(gateway, link, frame);
    return;
  }
  if (!link.session) closeLink(gateway, link, closeCodes.authFailed, 'socketAuthFailed', false);
  else if (frame.type === 'ping') send(link, { type: 'pong', ts: frame.ts, server_ts: gateway.cti.scheduler.now() });
  else if (frame.expires_at !== undefined && gateway.cti.scheduler.now() > frame.expires_at) {
    // The phone stopped waiting and told its page so: running it now would surprise everyone.
    gateway.log.info(
      { method: frame.method, lateMs: gateway.cti.scheduler.now() - frame.expires_at },
      'cti request arrived after its deadline',
    );
    answer(link, frame.id, new ApiError('requestTimeout'));
  } else await runRequest(gateway, link, link.session, frame);
}
