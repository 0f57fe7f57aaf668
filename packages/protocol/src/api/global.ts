/** `global/*`: who is signed in to the CMS, sign-in and sign-out. */
import { z } from 'zod';
import { limits } from '../limits.js';
import { roleSchema } from './cms.js';
import { empty, text, type ApiRoute } from './common.js';

export const loginUser = z.object({
  name: z.string(),
  config: z.object({
    account: z.string(),
    role: roleSchema,
    /**
     * The account still has the published demo password and the server is reachable from
     * other machines: every CMS call but `cms/set_own_password` answers `passwordChangeRequired`.
     */
    must_change_password: z.boolean(),
  }),
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
