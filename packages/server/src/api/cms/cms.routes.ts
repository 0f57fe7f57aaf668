import type { FastifyInstance } from 'fastify';
import { limits } from '@open/protocol/limits';
import type { SessionService } from '../../auth/session.js';
import type { Database } from '../../db/database.js';
import { defineApi } from '../../http/route.js';
import { countVersions, listVersions, removeVersion, saveVersion } from './version.service.js';

/** Every cms/* call needs a signed-in admin; the check runs before the body is even read. */
export function cmsRoutes(app: FastifyInstance, deps: { db: Database; sessions: SessionService }): void {
  const { db, sessions } = deps;
  app.addHook('onRequest', async (request) => {
    await sessions.require(request);
  });

  defineApi(app, 'cms/get_version_list', async ({ body }) => {
    const size = body.page_size ?? limits.pageSizeDefault;
    const page = body.page_number === -1 ? undefined : { offset: (body.page_number - 1) * size, limit: size };
    const [list, total] = await Promise.all([listVersions(db, page), countVersions(db)]);
    return { list, total };
  });

  defineApi(app, 'cms/set_version_info', ({ body }) => saveVersion(db, body));

  defineApi(app, 'cms/remove_version_info', async ({ body }) => {
    await removeVersion(db, body._id);
    return { _id: body._id };
  });
}
