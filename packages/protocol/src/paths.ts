/** Where the built client (the single-page app and the SDK) is served (spec §2). */
export const CLIENT_BASE = '/dzfront/open/client/';
/** Where the API lives (spec §7). Kept apart from the schemas so the client can import it without zod. */
export const API_PREFIX = '/dzfront/open/server/api/';
/** Where a resource's attachments are downloaded: `${ATTACHMENT_PREFIX}<id>`. */
export const ATTACHMENT_PREFIX = '/dzfront/open/server/attachment/';
/**
 * The softphone's WebSocket (DESIGN §7): one per phone, same origin as the API. Frames are JSON
 * text; see cti/protocol.ts for the frames, close codes and timings.
 */
export const CTI_SOCKET_PATH = '/dzfront/open/server/cti';
/**
 * The diagnostics page's bandwidth test (DESIGN §9). Download: POST JSON `{ bytes }`, answered
 * with that many incompressible bytes (`application/octet-stream`). Upload: POST
 * `application/octet-stream`, answered with the envelope `{ bytes, ms }`. Not JSON both ways, so
 * they are not in the catalogue; the server documents them in its OpenAPI document.
 */
export const DIAG_DOWNLOAD_PATH = `${API_PREFIX}diag/download`;
export const DIAG_UPLOAD_PATH = `${API_PREFIX}diag/upload`;
