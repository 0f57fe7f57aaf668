import { systemClock } from '../../clock.js';
import type { DefineApi } from '../../http/route.js';

/**
 * What the diagnostics page measures must reach this server and come back: no cache on the way
 * may answer for it, and the page may read the timing of every request, even where its
 * resources come from another origin (a CDN in front of the API).
 */
export const DIAG_ANSWER_HEADERS = { 'cache-control': 'no-store', 'timing-allow-origin': '*' } as const;

/** The diagnostics page's catalogue calls; it needs none of the services. */
export function diagRoutes(defineApi: DefineApi): void {
  defineApi('diag/ping', ({ reply }) => {
    void reply.headers(DIAG_ANSWER_HEADERS);
    // The real clock, even where a test gives the services another: the page compares the two.
    return Promise.resolve({ server_time: systemClock.now().toISOString() });
  });
}
