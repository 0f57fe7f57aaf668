import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's floors are enforced by ESLint (eslint.config.js, `serverFloor`). These cases
 * lint one import line with the options the repository's own config gives each file, so a
 * config that stops catching an upward import fails here, not in a review.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const src = 'packages/server/src';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function importErrors(file: string, specifier: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(`${root}${src}/${file}`)) as {
    rules?: Record<string, unknown>;
  };
  const options = config.rules?.['no-restricted-imports'];
  if (options === undefined) return [];
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(`import '${specifier}';\n`, {
    languageOptions: { sourceType: 'module' },
    rules: { 'no-restricted-imports': options as Linter.RuleEntry },
  });
  return messages.map((message) => message.message);
}

describe('server boundaries', () => {
  const refused: [string, string, RegExp][] = [
    ['cti/engine/engine.ts', '../../http/route.js', /transport/],
    ['cti/engine/calls/queue.ts', '../../../db/executor.js', /engine is pure/],
    ['cti/host/methods.ts', '../../http/i18n.js', /transport/],
    ['content/resources/resource.service.ts', '../../http/multipart.js', /transport/],
    ['auth/session.ts', '../services.js', /composition root/],
    ['tenants/tenant.service.ts', '../seed/seed.js', /Seed code/],
    ['db/read-cache.ts', '../content/resources/resource.data.js', /through services\.ts/],
    ['http/route.ts', '../auth/session.js', /through services\.ts/],
    ['http/route.ts', '../cti/engine/engine.js', /through services\.ts/],
    ['http/static.ts', '../api/index.js', /Only app\.ts/],
    ['api/doc/doc.routes.ts', '../cms/resources.routes.js', /another/],
    ['api/cms/resources.routes.ts', '../../seed/seed-docs.js', /Seed code/],
    ['errors.ts', './http/route.js', /transport/],
    ['services.ts', './app.js', /Only main\.ts/],
  ];
  it.each(refused)('%s may not import %s', async (file, specifier, reason) => {
    const errors = await importErrors(file, specifier);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(reason);
  });

  const allowed: [string, string][] = [
    ['cti/engine/engine.ts', '../../errors.js'],
    ['cti/host/methods.ts', '../../tenants/agent.data.js'],
    ['http/route.ts', '../services.js'],
    ['http/route.ts', '../db/read-cache.js'],
    ['api/doc/doc.routes.ts', '../paging.js'],
    ['api/doc/doc.routes.ts', '../../http/route.js'],
    ['seed/seed.ts', '../auth/password.js'],
    ['main.ts', './seed/seed.js'],
    ['content/resources/resource.service.ts', '@open/protocol/api'],
  ];
  it.each(allowed)('%s may import %s', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([]);
  });
});
