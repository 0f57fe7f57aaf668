/**
 * `diag/*`: the diagnostics page's calls that are JSON both ways. Its bandwidth test is not
 * (see DIAG_DOWNLOAD_PATH and DIAG_UPLOAD_PATH in paths.ts), so it is not here.
 */
import { z } from 'zod';
import { timestamp, type ApiRoute } from './common.js';

export const diagApi = {
  /**
   * The HTTP ping of the diagnostics page (DESIGN §9): the smallest round trip through the API,
   * answered with the server's clock so the page can also tell how far the two clocks differ.
   * Never cached anywhere on the way, or the round trip would not reach the server.
   */
  'diag/ping': {
    body: z.strictObject({}),
    data: z.object({ server_time: timestamp }),
  },
} as const satisfies Record<`diag/${string}`, ApiRoute>;
