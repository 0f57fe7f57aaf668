import { DEFAULT_LANG, isLang, type Lang } from '@open/protocol/locales';
import type { Executor } from '../db/executor.js';
import { findSiteTenant } from './tenant.data.js';

/** A link a reader may follow: a web page or an e-mail address, never script. */
export function isSafeContactUrl(url: string): boolean {
  return /^(https?:\/\/|mailto:)[^\s]+$/i.test(url);
}

/**
 * Tenants of the call centre. The site's own tenant is the first one created (the seeded
 * one); its default language is the language of a visitor who has not chosen one.
 */
export function createTenantService({ db }: { db: Executor }) {
  return {
    /** What the documentation shows of the site's tenant: its contact link, when it is a safe one. */
    async siteInfo(): Promise<{ contact_url: string | null }> {
      const url = (await findSiteTenant(db))?.contact_url ?? null;
      return { contact_url: url !== null && isSafeContactUrl(url) ? url : null };
    },

    async siteDefaultLang(): Promise<Lang> {
      const lang = (await findSiteTenant(db))?.default_lang;
      return isLang(lang) ? lang : DEFAULT_LANG;
    },
  };
}

export type TenantService = ReturnType<typeof createTenantService>;
