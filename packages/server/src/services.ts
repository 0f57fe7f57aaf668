/**
 * The composition root: every service of the server, built from explicit dependencies. A
 * service never reaches for a module-level database or clock; tests build the same graph.
 */
import { createAccountService } from './auth/account.service.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { createSessionService } from './auth/session.js';
import type { Clock } from './clock.js';
import { createCategoryService } from './content/categories/category.service.js';
import { renderOptionsFor } from './content/markdown/render-options.js';
import { createResourceService } from './content/resources/resource.service.js';
import { createVersionService } from './content/versions/version.service.js';
import type { Executor } from './db/executor.js';
import type { ReadCache } from './db/read-cache.js';
import { createHealthService } from './health.service.js';
import { createLocaleService } from './i18n/locale.service.js';
import type { Lifecycle } from './lifecycle.js';
import { createTenantService } from './tenants/tenant.service.js';

export interface ServiceDeps {
  db: Executor;
  /**
   * Cache of what the documentation side reads (the published reads' answers, the category
   * rows); writes to published content drop it.
   */
  readCache: ReadCache;
  clock: Clock;
  /** Where long-lived parts register their shutdown. */
  lifecycle: Lifecycle;
}

export function createServices(deps: ServiceDeps) {
  const { db, clock, readCache } = deps;
  const sessions = createSessionService({ db, clock });
  const throttle = createLoginThrottle({ db, clock });
  const tenants = createTenantService({ db });
  const categories = createCategoryService({ db, readCache });
  return {
    readCache,
    sessions,
    accounts: createAccountService({ db, sessions, throttle }),
    tenants,
    locales: createLocaleService({ tenants }),
    versions: createVersionService({ db, clock }),
    categories,
    resources: createResourceService({ db, clock, tenants, categories, renderOptionsFor }),
    health: createHealthService({ db }),
  };
}

export type Services = ReturnType<typeof createServices>;
