import { pingDatabase, type Executor } from './db/executor.js';

/**
 * Whether this node can serve: for load balancers, orchestrators and operators. `Trunks` is what
 * the call centre says of the node's SIP trunks (services.ts hands it in; this floor sits below cti/).
 */
export function createHealthService<Trunks>({
  db,
  trunks,
}: {
  db: Executor;
  /** The node's SIP trunks' health; null: none configured. */
  trunks?: () => Promise<Trunks | null>;
}) {
  return {
    async databaseAnswers(): Promise<boolean> {
      try {
        await pingDatabase(db);
        return true;
      } catch {
        return false;
      }
    },
    trunks: trunks ?? (() => Promise.resolve(null)),
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
