import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';

export function docRoutes(defineApi: DefineApi, { versions, locales }: Services): void {
  defineApi('doc/get_version_info', () => versions.listForReaders());

  defineApi('doc/get_locale_conf', async ({ body, reply }) => {
    // Dictionaries change only with a deployment; a short shared cache spares the server.
    if (body.lang) void reply.header('cache-control', 'public, max-age=300');
    return locales.conf(body.lang, body.ns);
  });
}
