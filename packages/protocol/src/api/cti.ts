/**
 * `cti/*`: calls of the call-centre engine that are not the softphone's own socket.
 */
import { z } from 'zod';
import { phoneNumber, text, type ApiRoute } from './common.js';

export const ctiApi = {
  /**
   * The simulated public network places a call from `from` into the tenant's queue, routed to
   * the longest-idle ready agent (the demo page's 'incoming call' button, and tests). Any login
   * token of the tenant says which tenant; it is not used up.
   */
  'cti/simulate_inbound_call': {
    body: z.strictObject({
      token: text({ max: 4096 }),
      from: phoneNumber,
    }),
    data: z.object({ call_id: z.string(), queued: z.number().int() }),
    effect: 'state',
    crossOrigin: true,
  },
} as const satisfies Record<`cti/${string}`, ApiRoute>;
