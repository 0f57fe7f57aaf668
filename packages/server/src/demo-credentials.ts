/**
 * The published demo logins, printed by `npm start` and written in the README. The seed uses
 * them to create the demo accounts; auth uses them to refuse them where the server is reachable
 * from other machines. Plain data, so neither has to import the other.
 */

/** The demo admin (unless ADMIN_PASSWORD is set). */
export const demoAdmin = { account: 'admin', password: 'admin@open', name: 'Demo Admin' } as const;

/** Every demo agent's password. */
export const demoAgentPassword = 'agent@open';
