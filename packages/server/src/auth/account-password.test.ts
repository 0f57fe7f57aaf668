import { describe, expect, it } from 'vitest';
import { adminPasswordRefusal } from './account-password.js';

/** main.ts prints the refusal after "Configuration error: " and exits 1 (e2e/server.test.ts runs it). */
describe('adminPasswordRefusal (ADMIN_PASSWORD at start)', () => {
  // Issue #38: each of these started the server.
  it.each(['Admin@open', 'ADMIN@OPEN', 'admin@open!', 'adminadmin', 'Demo Admin 2026', 'dzfront2026', 'password1'])(
    'refuses %j in one line naming the setting',
    (password) => {
      const refusal = adminPasswordRefusal(password);
      expect(refusal).toMatch(
        /^ADMIN_PASSWORD is too easy to guess \([^\n]*\); a few unrelated words make a strong one\.$/,
      );
    },
  );

  it.each([undefined, 'chosen by the operator', 'the admin forgot the demo again', 'q8Zr#t2LmW4xVb'])(
    'lets %j through',
    (password) => {
      expect(adminPasswordRefusal(password)).toBeUndefined();
    },
  );
});
