import { limits } from '@open/protocol/limits';
import { readSessionToken } from '../../auth/session-cookie.js';
import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';

/** CMS accounts and the audit trail (admins only, except changing one's own password). */
export function cmsAccountRoutes(defineApi: DefineApi, { accounts, audit }: Services): void {
  const pageOf = (body: { page_number: number; page_size?: number | undefined }) => {
    const size = body.page_size ?? limits.pageSizeDefault;
    return body.page_number === -1 ? undefined : { offset: (body.page_number - 1) * size, limit: size };
  };

  defineApi('cms/get_account_list', ({ body }) => accounts.list(pageOf(body)));

  defineApi('cms/set_account_info', ({ body, user }) => accounts.save(body, user));

  defineApi('cms/reset_account_password', ({ body }) => accounts.resetPassword(body._id, body.password));

  defineApi('cms/set_own_password', async ({ body, user, request, audit: note }) => {
    note.target = { id: user.id, name: user.account };
    await accounts.setOwnPassword(user, body, request.ip, readSessionToken(request));
    return {};
  });

  defineApi('cms/get_audit_list', ({ body }) => {
    const { page_number, page_size, ...filter } = body;
    return audit.list(filter, pageOf({ page_number, page_size }));
  });
}
