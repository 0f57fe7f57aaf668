/** Where the API lives (spec §7). Kept apart from the schemas so the client can import it without zod. */
export const API_PREFIX = '/dzfront/open/server/api/';
/** Where a resource's attachments are downloaded: `${ATTACHMENT_PREFIX}<id>`. */
export const ATTACHMENT_PREFIX = '/dzfront/open/server/attachment/';
/**
 * The softphone's WebSocket (DESIGN §7): one per phone, same origin as the API. Frames are JSON
 * text; see cti/protocol.ts for the frames, close codes and timings.
 */
export const CTI_SOCKET_PATH = '/dzfront/open/server/cti';
