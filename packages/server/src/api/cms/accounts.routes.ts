import { readSessionToken } from '../../http/session-cookie.js';
import type { DefineApi } from '../../http/route.js';
import type { Services } from '../../services.js';
import { pageOf } from '../paging.js';

/** CMS accounts and the audit trail (admins only, except changing one's own password). */
export function cmsAccountRoutes(defineApi: DefineApi, { accounts, audit }: Services): void {
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
