/** `global/*`: who is signed in to the CMS, sign-in and sign-out. */
import { z } from 'zod';
import { limits } from '../limits.js';
import { empty, type ApiRoute } from './common.js';

export const loginUser = z.object({
  name: z.string(),
  config: z.object({ account: z.string(), role: z.string() }),
});
export type LoginUser = z.infer<typeof loginUser>;

export const globalApi = {
  'global/check_user_login': { body: empty, data: loginUser },
  'global/login': {
    body: z.strictObject({
      account: z.string().trim().min(1).max(limits.account),
      password: z.string().min(1).max(limits.password),
    }),
    data: loginUser,
  },
  'global/logout': { body: empty, data: z.object({}) },
} as const satisfies Record<`global/${string}`, ApiRoute>;
