import type { Executor } from '../db/executor.js';
import { isAllowedSource } from './sip-messages.js';
import { listEnabledTrunks, loadTrunk, normaliseDid } from './trunk.data.js';
import type { TrunkSettings } from './trunk-settings.js';

/** However a change was missed, what the directory holds is read again after this long. */
export const TRUNK_DIRECTORY_MAX_AGE_MS = 60_000;

export interface TrunkDirectory {
  /** The switched-on trunk a number rings (as dialled: '+' and separators allowed), if any. */
  byDid(did: string): Promise<TrunkSettings | undefined>;
  /** Whether any switched-on trunk allows requests from this address (a carrier's). */
  admits(source: string): Promise<boolean>;
  /** A trunk was saved or removed: the next lookup reads them again. */
  changed(): void;
  /**
   * Reads them again on the next lookup unless that was done less than a second ago; whether
   * it will (behind the edge, a DID the edge knows and this node does not).
   */
  refresh(): boolean;
}

/** `refresh` reads again at most this often: a flood of unknown DIDs costs one read a second. */
export const TRUNK_DIRECTORY_REFRESH_MS = 1_000;

/**
 * The switched-on trunks by DID, in memory: an INVITE is refused or taken without a database
 * round trip, so a flood of refused INVITEs costs the node the answer and nothing more. Read on
 * first use, again after `changed()` (the CMS saved or removed a trunk on this node: SIP trunks
 * run on one node) and after TRUNK_DIRECTORY_MAX_AGE_MS.
 */
export function createTrunkDirectory(db: Executor, now: () => number = Date.now): TrunkDirectory {
  let held: { at: number; byDid: Map<string, TrunkSettings> } | null = null;
  let loading: Promise<Map<string, TrunkSettings>> | null = null;
  const current = () =>
    held !== null && now() - held.at < TRUNK_DIRECTORY_MAX_AGE_MS ? Promise.resolve(held.byDid) : load();
  /** Bumped by `changed()`: a read that started before it is not kept. */
  let generation = 0;

  function load(): Promise<Map<string, TrunkSettings>> {
    if (loading) return loading;
    const started = generation;
    const at = now();
    loading = listEnabledTrunks(db)
      .then((trunks) => {
        const byDid = new Map<string, TrunkSettings>();
        for (const trunk of trunks) for (const did of trunk.dids) byDid.set(normaliseDid(did), trunk);
        if (started === generation) held = { at, byDid };
        return byDid;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  function changed() {
    generation += 1;
    held = null;
    loading = null;
  }

  return {
    async byDid(did) {
      const key = normaliseDid(did);
      if (key === '') return undefined;
      return (await current()).get(key);
    },
    async admits(source) {
      for (const trunk of (await current()).values()) if (isAllowedSource(source, trunk.allowedSources)) return true;
      return false;
    },
    changed,
    refresh() {
      if (held !== null && now() - held.at < TRUNK_DIRECTORY_REFRESH_MS) return false;
      if (held !== null) changed();
      return true;
    },
  };
}

/**
 * Each tenant's trunk as its calls out need it, switched on or off or none, in memory: a dial
 * places its call without a database round trip (bench/README.md, issue #40: on PGlite the
 * round trip waited behind every other statement). Read on a tenant's first dial, again after
 * `changed()` (a trunk saved or removed in the CMS: told here by the node that saved it, over
 * the bus) and after TRUNK_DIRECTORY_MAX_AGE_MS. A failed read is not kept.
 */
export function createTenantTrunks(db: Executor, now: () => number = Date.now) {
  const held = new Map<string, { at: number; trunk: Promise<TrunkSettings | null> }>();
  return {
    of(tenantId: string): Promise<TrunkSettings | null> {
      const entry = held.get(tenantId);
      if (entry && now() - entry.at < TRUNK_DIRECTORY_MAX_AGE_MS) return entry.trunk;
      const trunk = loadTrunk(db, tenantId);
      held.set(tenantId, { at: now(), trunk });
      // A read that `changed()` dropped while it ran is no longer in the map, so never kept.
      trunk.catch(() => {
        if (held.get(tenantId)?.trunk === trunk) held.delete(tenantId);
      });
      return trunk;
    },
    changed() {
      held.clear();
    },
  };
}
