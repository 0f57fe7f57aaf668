/**
 * Each call runs the hooks of the plugins it uses and no others (route.ts `mount`): a hook of
 * a plugin registered for the whole app would cost every request of the documentation's hot
 * path, which uses neither the session cookie nor CORS nor the socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiSchemas, type ApiRoute } from '@open/protocol/api';
import { createTestApp, type TestContext } from '../../test/helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The hooks of the POST route at `url`, as Fastify prints them (one line per hook kind). */
function hooksOf(url: string): string {
  const printed = ctx.app.printRoutes({ method: 'POST', includeHooks: true, commonPrefix: false });
  const lines = printed.split('\n');
  const at = lines.findIndex((line) => line.includes(url));
  if (at < 0) throw new Error(`${url} is not a route`);
  const hooks: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (!line.includes('•')) break;
    hooks.push(line);
  }
  return hooks.join('\n');
}

const entries = Object.entries(apiSchemas) as [string, ApiRoute][];
const published = entries.filter(([, route]) => route.cache).map(([path]) => path);
const cookieCalls = ['global/login', 'global/check_user_login', 'cms/set_version_info'];

describe('the contexts calls are mounted in', () => {
  it.each(published)('%s runs no cookie, CORS or socket hook', (path) => {
    const hooks = hooksOf(`${API_PREFIX}${path}`);
    expect(hooks).not.toMatch(/fastifyCookie|handleCors/);
    // The socket plugin's hooks are the only onResponse hooks the app would have.
    expect(hooks).not.toContain('onResponse');
  });

  it.each(cookieCalls)('%s reads the session cookie and passes the CORS check', (path) => {
    const hooks = hooksOf(`${API_PREFIX}${path}`);
    expect(hooks).toContain('fastifyCookieHandler');
    expect(hooks).toContain('handleCors');
  });
});
