import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';

/**
 * `events/*`: a tenant's events read with its API key (docs/EVENT-STREAM.md). The key travels in
 * `Authorization`, not in a cookie, so the catalogue's guards (a CMS session) do not apply: each
 * handler authenticates first, before it reads anything.
 */
export function eventRoutes(defineApi: DefineApi, { eventStreams }: Services): void {
  defineApi('events/get_event_list', async ({ body, request }) => {
    const caller = await eventStreams.authenticate(request.headers.authorization);
    return eventStreams.page(caller, body);
  });
}
