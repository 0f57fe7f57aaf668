import type { Executor } from '../../db/executor.js';
import { listExtensions } from '../../tenants/agent.data.js';

/**
 * The extensions each tenant's agents hold (signed in or not, enabled or not), read from the
 * database once per tenant this node runs and kept current by the CMS's agent changes, which
 * the bus brings to the tenant's owner (cti.service.ts `agentChanged`). A dialled number is
 * checked against it on every `dialOut`: reading the agent table there put a statement on the
 * method's path, and on PGlite every statement waits for the one connection (bench/README.md,
 * "Profiles, not guesses").
 */
export function createExtensionBook(db: Executor) {
  /** Per tenant: extension → agent id once read (`book`), or the read under way. */
  const tenants = new Map<string, { book: Map<string, string> | null; reading: Promise<Map<string, string>> | null }>();

  function load(tenantId: string): Promise<Map<string, string>> {
    const known = tenants.get(tenantId);
    if (known?.book) return Promise.resolve(known.book);
    if (known?.reading) return known.reading;
    const entry: { book: Map<string, string> | null; reading: Promise<Map<string, string>> | null } = {
      book: null,
      reading: null,
    };
    entry.reading = listExtensions(db, tenantId).then(
      (rows) => {
        const book = new Map(rows.map((row) => [row.extension, row.id]));
        // A change that came while it was read left it out of date: it answers this dial only.
        if (tenants.get(tenantId) === entry) {
          entry.book = book;
          entry.reading = null;
        }
        return book;
      },
      (error: unknown) => {
        // Not kept: the next dial reads again.
        if (tenants.get(tenantId) === entry) tenants.delete(tenantId);
        throw error;
      },
    );
    tenants.set(tenantId, entry);
    return entry.reading;
  }

  return {
    /** Whether an agent of the tenant holds the extension. */
    async holds(tenantId: string, extension: string): Promise<boolean> {
      return (await load(tenantId)).has(extension);
    },

    /**
     * An agent was saved in the CMS with `extension` (null: none), or disabled or removed
     * (`undefined`: whether it still holds one is not known here, so the tenant is read again).
     */
    agentChanged(tenantId: string, agentId: string, extension: string | null | undefined): void {
      const known = tenants.get(tenantId);
      if (!known) return;
      if (!known.book || extension === undefined) {
        tenants.delete(tenantId);
        return;
      }
      for (const [held, id] of known.book) if (id === agentId) known.book.delete(held);
      if (extension !== null) known.book.set(extension, agentId);
    },

    /** The tenant runs on another node now: its changes go there, so nothing here is kept. */
    forget(tenantId: string): void {
      tenants.delete(tenantId);
    },
  };
}

export type ExtensionBook = ReturnType<typeof createExtensionBook>;
