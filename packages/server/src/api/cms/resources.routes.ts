import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';
import { pageOf } from '../paging.js';

/** CMS resources: any signed-in user (the catalogue guards them); saves are signed by the account. */
export function cmsResourceRoutes(defineApi: DefineApi, { resourceCms }: Services): void {
  defineApi('cms/get_resource_list', ({ body }) => {
    const { page_number, page_size, ...query } = body;
    return resourceCms.list(query, pageOf({ page_number, page_size }));
  });

  defineApi('cms/set_resource_info', ({ body, user }) => resourceCms.save(body, user.account));

  defineApi('cms/remove_resource_info', ({ body }) => resourceCms.remove(body));

  defineApi('cms/get_resource_backup_info', ({ body }) => resourceCms.backups(body._id));

  defineApi('cms/set_resource_status', ({ body, user }) => resourceCms.setStatus(body, user.account));

  defineApi('cms/set_resource_sort', ({ body }) => resourceCms.sort(body));

  defineApi('cms/get_resource_locale', ({ body }) => resourceCms.locales(body._id));

  defineApi('cms/get_resource_content', ({ body }) => resourceCms.content(body._id, body.lang));

  defineApi('cms/render_markdown', ({ body }) => Promise.resolve(resourceCms.preview(body.lang, body.markdown)));
}
