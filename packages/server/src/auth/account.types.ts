/**
 * The shapes the account service and its parts (account-admin.ts, account-password.ts) share.
 * Kept apart so the parts import them from here, never back from account.service.ts.
 */
import type { Clock } from '../clock.js';
import type { Executor } from '../db/executor.js';
import type { AdminRole } from '../db/schema.js';
import type { LoginThrottle } from './login-throttle.js';
import type { SessionService } from './session.js';

export interface AccountServiceDeps {
  db: Executor;
  sessions: SessionService;
  throttle: LoginThrottle;
  clock: Clock;
}

export interface AccountInput {
  _id?: string | undefined;
  account: string;
  name: string;
  role: AdminRole;
  disabled?: boolean | undefined;
  password?: string | undefined;
}
