import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';
import { pageOf } from '../paging.js';

export function docRoutes(defineApi: DefineApi, { versions, locales, resources, tenants }: Services): void {
  defineApi('doc/get_version_info', () => versions.listForReaders());

  defineApi('doc/get_locale_conf', async ({ body, reply }) => {
    // Dictionaries change only with a deployment; a short shared cache spares the server.
    if (body.lang) void reply.header('cache-control', 'public, max-age=300');
    return locales.conf(body.lang, body.ns);
  });

  defineApi('doc/get_category_list', ({ body }) => resources.categoryTree(body));

  defineApi('doc/get_resource_list', ({ body }) => {
    const { page_number, page_size, ...query } = body;
    return resources.list(query, pageOf({ page_number, page_size }));
  });

  defineApi('doc/get_resource_count', ({ body }) => resources.count(body));

  defineApi('doc/get_resource_info', ({ body }) => resources.info(body));

  defineApi('doc/get_site_info', () => tenants.siteInfo());

  defineApi('doc/get_faq_list', ({ body }) => resources.faq(body));
}
