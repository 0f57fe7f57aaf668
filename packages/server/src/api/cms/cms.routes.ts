import type { FastifyInstance } from 'fastify';
import { limits } from '@open/protocol/limits';
import type { SessionService } from '../../auth/session.js';
import type { Database } from '../../db/database.js';
import type { ReadCache } from '../../db/read-cache.js';
import { defineApi } from '../../http/route.js';
import { countVersions, listVersions, removeVersion, saveVersion } from './version.service.js';

/** Every cms/* call needs a signed-in admin; the check runs before the body is even read. */
export function cmsRoutes(
  app: FastifyInstance,
  deps: { db: Database; sessions: SessionService; readCache: ReadCache },
): void {
  const { db, sessions, readCache } = deps;
  app.addHook('onRequest', async (request) => {
    await sessions.require(request);
  });

  defineApi(app, 'cms/get_version_list', async ({ body }) => {
    const size = body.page_size ?? limits.pageSizeDefault;
    const page = body.page_number === -1 ? undefined : { offset: (body.page_number - 1) * size, limit: size };
    const [list, total] = await Promise.all([listVersions(db, page), countVersions(db)]);
    return { list, total };
  });

  // Invalidate after the transaction has committed, so no reader caches the old state again.
  defineApi(app, 'cms/set_version_info', async ({ body }) => {
    try {
      return await saveVersion(db, body);
    } finally {
      readCache.invalidate();
    }
  });

  defineApi(app, 'cms/remove_version_info', async ({ body }) => {
    try {
      await removeVersion(db, body._id);
      return { _id: body._id };
    } finally {
      readCache.invalidate();
    }
  });
}
