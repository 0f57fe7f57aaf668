/**
 * The namespaces the interface dictionaries are split into (DESIGN §13): the shell loads at
 * boot and each route loads only its own, so the documentation reader never downloads the
 * CMS's words. Words two routes share get a namespace of their own rather than one route
 * loading the other's (`agentLogin`: the agent's sign-in form of the demo and the diagnostics
 * page). Every key starts with its namespace (`cms.versions.title`). Plain data, so the light
 * bundles may import it.
 */
export const namespaces = ['shell', 'doc', 'cms', 'demo', 'diagnose', 'agentLogin', 'softphone', 'error'] as const;

export type Namespace = (typeof namespaces)[number];

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === 'string' && (namespaces as readonly string[]).includes(value);
}
