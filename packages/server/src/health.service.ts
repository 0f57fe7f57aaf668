import { pingDatabase, type Executor } from './db/executor.js';

/** Whether this node can serve: for load balancers and orchestrators. */
export function createHealthService({ db }: { db: Executor }) {
  return {
    async databaseAnswers(): Promise<boolean> {
      try {
        await pingDatabase(db);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
