import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';
import { pageOf } from '../paging.js';

/** CMS versions (admins only: the catalogue guards them). */
export function cmsVersionRoutes(defineApi: DefineApi, { versions }: Services): void {
  defineApi('cms/get_version_list', ({ body }) => versions.list(pageOf(body)));

  defineApi('cms/set_version_info', ({ body }) => versions.save(body));

  defineApi('cms/remove_version_info', ({ body }) => versions.remove(body._id));
}
