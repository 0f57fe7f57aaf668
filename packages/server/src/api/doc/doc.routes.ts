import type { FastifyInstance } from 'fastify';
import { dictionaries } from '@open/protocol/messages/index';
import { DEFAULT_LANG, directionOf, isLang, type Lang } from '@open/protocol/locales';
import type { Database } from '../../db/database.js';
import type { ReadCache } from '../../db/read-cache.js';
import { defineApi } from '../../http/route.js';
import { listVersions } from '../cms/version.service.js';

/** The site's tenant is the first one created (the seeded one); its language is the default. */
async function tenantDefaultLang(db: Database): Promise<Lang> {
  const tenant = await db.selectFrom('tenant').select('default_lang').orderBy('created_at').limit(1).executeTakeFirst();
  const lang = tenant?.default_lang;
  return isLang(lang) ? lang : DEFAULT_LANG;
}

export function docRoutes(app: FastifyInstance, deps: { db: Database; readCache: ReadCache }): void {
  const { db, readCache } = deps;

  defineApi(app, 'doc/get_version_info', () =>
    readCache.get('doc/versions', async () => {
      const versions = await listVersions(db);
      return { list: versions.map(({ _id, name, isDefault }) => ({ _id, name, isDefault })) };
    }),
  );

  defineApi(app, 'doc/get_locale_conf', async ({ body, reply }) => {
    const lang = body.lang ?? (await tenantDefaultLang(db));
    // Dictionaries change only with a deployment; a short shared cache spares the server.
    if (body.lang) void reply.header('cache-control', 'public, max-age=300');
    return { lang, dir: directionOf(lang), messages: dictionaries[lang] };
  });
}
