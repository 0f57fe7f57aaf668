/**
 * The namespaces the interface dictionaries are split into (DESIGN §13): the shell loads at
 * boot and each route loads only its own, so the documentation reader never downloads the
 * CMS's words. Every key starts with its namespace (`cms.versions.title`). Plain data, so the
 * light bundles may import it.
 */
export const namespaces = ['shell', 'doc', 'cms', 'demo', 'diagnose', 'softphone', 'error'] as const;

export type Namespace = (typeof namespaces)[number];

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === 'string' && (namespaces as readonly string[]).includes(value);
}
