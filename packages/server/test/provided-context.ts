/** What test/global-setup.ts provides to every test file (Vitest's `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A tar of a migrated, seeded embedded database's folder (`createTestDatabase` starts from
     * it); empty on a run against PostgreSQL.
     */
    pgliteTemplate: string;
  }
}

export {};
