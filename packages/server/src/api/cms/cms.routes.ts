import { limits } from '@open/protocol/limits';
import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';

/** The management side; the catalogue guards every call with a session. */
export function cmsRoutes(defineApi: DefineApi, { versions }: Services): void {
  defineApi('cms/get_version_list', ({ body }) => {
    const size = body.page_size ?? limits.pageSizeDefault;
    const page = body.page_number === -1 ? undefined : { offset: (body.page_number - 1) * size, limit: size };
    return versions.list(page);
  });

  defineApi('cms/set_version_info', ({ body }) => versions.save(body));

  defineApi('cms/remove_version_info', async ({ body }) => {
    await versions.remove(body._id);
    return { _id: body._id };
  });
}
