import type { Namespace } from '@open/protocol/messages/namespaces';

/**
 * The dictionary namespaces each page loads beside its chunk, before it renders; the shell is
 * loaded at boot already. A page names only the namespaces its own modules use, so it never
 * downloads another page's words and never relies on another page having loaded them first
 * (route-namespaces.test.ts reads the keys in each page's modules to hold both).
 */
export const routeNamespaces = {
  doc: ['shell', 'doc'],
  cms: ['cms'],
  demo: ['demo', 'agentLogin', 'softphone'],
  // The errors name the server's refusals in the login steps and the log.
  diagnose: ['diagnose', 'agentLogin', 'error'],
} as const satisfies Record<string, readonly Namespace[]>;
