/** What e2e/global-setup.ts provides to every browser test file (Vitest's `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder after the built server's first start: migrated and seeded. */
    e2eDataTemplate: string;
  }
}

export {};
