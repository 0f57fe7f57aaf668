import { limits } from '@open/protocol/limits';
import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';

/** CMS versions (admins only: the catalogue guards them). */
export function cmsVersionRoutes(defineApi: DefineApi, { versions }: Services): void {
  defineApi('cms/get_version_list', ({ body }) => {
    const size = body.page_size ?? limits.pageSizeDefault;
    const page = body.page_number === -1 ? undefined : { offset: (body.page_number - 1) * size, limit: size };
    return versions.list(page);
  });

  defineApi('cms/set_version_info', ({ body }) => versions.save(body));

  defineApi('cms/remove_version_info', ({ body }) => versions.remove(body._id));
}
