import { closeCodes, type AuthFrame } from '@open/protocol/cti/protocol';
import { ApiError } from '../../errors.js';
import { tenantOfSession } from '../bus/bus.js';
import type { OpenedSession } from '../host/tenant-host.js';
import { answer, closeLink, heard, linkDown, type GatewayContext, type Link } from './gateway-link.js';

/** A tenant id as the session id carries it (a uuid); anything else cannot be a session of ours. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Resumes a session by its key, or opens one with a login token; null when there is none to resume. */
async function authenticate(gateway: GatewayContext, link: Link, frame: AuthFrame): Promise<OpenedSession | null> {
  const { cti, tokens } = gateway;
  if (frame.resume && frame.token === undefined) {
    const { session: sessionId, key, last_seq: lastSeq } = frame.resume;
    const tenantId = tenantOfSession(sessionId);
    if (!UUID.test(tenantId)) return null;
    return cti.call(tenantId, 'resume', { sessionId, key, lastSeq, link: link.address });
  }
  if (frame.token === undefined || frame.resume) throw new ApiError('socketAuthFailed');
  const verified = await tokens.verify(frame.token, 'cti');
  if (!(await tokens.consume(verified, 'socket'))) throw new ApiError('loginTokenUsed');
  return cti.call(verified.tenantId, 'open', {
    tenantId: verified.tenantId,
    agentId: verified.agentId,
    askedLang: link.askedLang,
    tokenExpiresAt: verified.expiresAt.toISOString(),
    link: link.address,
  });
}

/** The auth frame: once per socket; a socket that fails it is closed with the reason. */
export async function handleAuth(gateway: GatewayContext, link: Link, frame: AuthFrame) {
  if (link.session) {
    answer(link, null, new ApiError('badFrame'));
    return;
  }
  link.stopAuthTimer();
  link.stopAuthTimer = () => {};
  try {
    const authenticated = await authenticate(gateway, link, frame);
    if (!authenticated) {
      closeLink(gateway, link, closeCodes.sessionGone, 'sessionGone', false);
    } else if (link.closed) {
      // The socket went while the owner opened the session: it waits for a resume.
      linkDown(gateway, link, authenticated);
    } else {
      link.session = authenticated;
      link.lang = authenticated.lang;
      heard(gateway, link);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    closeLink(gateway, link, closeCodes.authFailed, error.errorName, false);
  }
}
