import { DEFAULT_LANG, isLang, type Lang } from '@open/protocol/locales';
import type { Executor } from '../db/executor.js';

/**
 * Tenants of the call centre. The site's own tenant is the first one created (the seeded
 * one); its default language is the language of a visitor who has not chosen one.
 */
export function createTenantService({ db }: { db: Executor }) {
  return {
    async siteDefaultLang(): Promise<Lang> {
      const tenant = await db
        .selectFrom('tenant')
        .select('default_lang')
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      const lang = tenant?.default_lang;
      return isLang(lang) ? lang : DEFAULT_LANG;
    },
  };
}

export type TenantService = ReturnType<typeof createTenantService>;
