import type { LocaleConf } from '@open/protocol/api';
import { dictionaryOf, namespaces, type Namespace } from '@open/protocol/messages/index';
import { directionOf, type Lang } from '@open/protocol/locales';
import type { TenantService } from '../tenants/tenant.service.js';

/**
 * The interface dictionaries the client loads, in a language the caller asks for or the site's
 * default, holding the namespaces asked for (every one when none is named).
 */
export function createLocaleService({ tenants }: { tenants: TenantService }) {
  return {
    async conf(lang: Lang | undefined, ns: readonly Namespace[] = namespaces): Promise<LocaleConf> {
      const served = lang ?? (await tenants.siteDefaultLang());
      return { lang: served, dir: directionOf(served), messages: dictionaryOf(served, ns) };
    },
  };
}

export type LocaleService = ReturnType<typeof createLocaleService>;
