import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';

/** CMS categories: any signed-in user (the catalogue guards them); saves are signed by the account. */
export function cmsCategoryRoutes(defineApi: DefineApi, { categoryCms }: Services): void {
  defineApi('cms/get_category_list', ({ body }) => categoryCms.tree(body));

  defineApi('cms/set_category_info', ({ body, user }) => categoryCms.save(body, user.account));

  defineApi('cms/remove_category_info', ({ body }) => categoryCms.remove(body));

  defineApi('cms/set_category_sort', ({ body, user }) => categoryCms.sort(body, user.account));

  defineApi('cms/get_category_backup_info', ({ body }) => categoryCms.backups(body._id));

  defineApi('cms/get_category_locale', ({ body }) => categoryCms.locales(body._id));

  defineApi('cms/set_category_status', ({ body, user }) => categoryCms.setStatus(body, user.account));
}
