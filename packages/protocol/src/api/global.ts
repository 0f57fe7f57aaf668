/** `global/*`: who is signed in to the CMS, sign-in and sign-out. */
import { z } from 'zod';
import { limits } from '../limits.js';
import { empty, text, type ApiRoute } from './common.js';

export const loginUser = z.object({
  name: z.string(),
  config: z.object({ account: z.string(), role: z.string() }),
});
export type LoginUser = z.infer<typeof loginUser>;

export const globalApi = {
  /** A visitor who is not signed in is told so with code notLoggedIn, as an answer (HTTP 200). */
  'global/check_user_login': { body: empty, data: loginUser, softFailures: ['notLoggedIn'] },
  'global/login': {
    body: z.strictObject({
      account: text({ max: limits.account }),
      password: text({ max: limits.password, trim: false }),
    }),
    data: loginUser,
    effect: 'state',
  },
  'global/logout': { body: empty, data: z.object({}), effect: 'state' },
} as const satisfies Record<`global/${string}`, ApiRoute>;
