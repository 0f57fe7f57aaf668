/**
 * Whether a failure means PostgreSQL could not be reached or went away, rather than that it
 * refused what was asked. Such a failure is nobody's bug and passes: the pool opens new
 * connections once the database is back, so the caller is told to try again (503), and the
 * read cache's listener reconnects on its own.
 */

/**
 * SQLSTATEs of a server that is going or coming: an administrator's or a crash shutdown (57P01,
 * 57P02), still starting or stopping (57P03), the connection exceptions of class 08, and no
 * connection slot left (53300), which passes like the rest.
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);

/**
 * Socket and name-resolution failures. Only with a `syscall`: a client hanging up on Fastify is
 * an ECONNRESET too, but without one, and it is not the database's.
 */
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What `pg` and `pg-pool` say, without a code, when a connection ends under a query, cannot be
 * opened in time, or is used after it broke.
 */
const unavailableMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

function isUnavailable(error: unknown, depth: number): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, syscall, message, errors, cause } = error as {
    code?: unknown;
    syscall?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string') {
    if (unavailableStates.has(code)) return true;
    if (unavailableSocketCodes.has(code) && typeof syscall === 'string') return true;
  }
  if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
  // Node reports a failed connection to every address of a name as one AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isUnavailable(inner, depth + 1))) return true;
  return cause !== undefined && isUnavailable(cause, depth + 1);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return isUnavailable(error, 0);
}
