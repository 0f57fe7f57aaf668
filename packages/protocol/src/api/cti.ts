/**
 * `cti/*`: calls of the call-centre engine that are not the softphone's own socket.
 */
import { z } from 'zod';
import { attachedDataLimits } from '../softphone/catalogue.js';
import { recordIssues } from '../softphone/validate.js';
import { phoneNumber, text, type ApiRoute } from './common.js';

/**
 * A call's attached data: the screen-pop context the agent's phone receives with the call.
 * Checked by the socket's own rule (`recordIssues`), so both doors count characters as code
 * points and name the key at fault; the bounds are written out for the OpenAPI document.
 */
const attachedData = z
  .record(z.string(), z.string())
  .superRefine((value, context) => {
    for (const issue of recordIssues('data', value)) {
      context.addIssue({
        code: 'custom',
        // The key names the field, except where the key itself is what is wrong.
        path: issue.key === undefined || issue.reason === 'emptyKey' ? [] : [issue.key],
        params: { reason: issue.reason, max: issue.max },
      });
    }
  })
  .meta({
    maxProperties: attachedDataLimits.keys,
    propertyNames: { minLength: 1, maxLength: attachedDataLimits.keyLength },
    additionalProperties: { type: 'string', maxLength: attachedDataLimits.valueLength },
  })
  .describe(
    `attached data for a screen-pop: at most ${attachedDataLimits.keys} keys of at most ${attachedDataLimits.keyLength} characters, each with a text of at most ${attachedDataLimits.valueLength}`,
  );

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
      data: attachedData.optional(),
    }),
    data: z.object({ call_id: z.string(), queued: z.number().int() }),
    effect: 'state',
    crossOrigin: true,
  },
} as const satisfies Record<`cti/${string}`, ApiRoute>;
