import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import importWalls from './import-walls.js';

/**
 * The walls between folders are ESLint's (eslint.config.js, `wall`). Each case lints one import
 * line as a file of the repository with the rule options the repository's own config gives that
 * file, so a config that stops catching a forbidden import fails here, not in a review.
 */
const root = fileURLToPath(new URL('../', import.meta.url));

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function importErrors(file: string, specifier: string): Promise<string[]> {
  const filename = `${root}${file}`;
  const config = (await eslint.calculateConfigForFile(filename)) as { rules?: Record<string, unknown> };
  const options = config.rules?.['walls/walls'];
  if (options === undefined) throw new Error(`${file} stands behind no wall`);
  const linter = new Linter({ configType: 'flat', cwd: root.replace(/\/$/, '') });
  const messages = linter.verify(
    `import '${specifier}';\n`,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { sourceType: 'module' },
        plugins: { walls: importWalls },
        rules: { 'walls/walls': options as Linter.RuleEntry },
      },
    ],
    { filename },
  );
  return messages.map((message) => message.message);
}

const server = 'packages/server/src';
const web = 'packages/web/src';
const phone = 'packages/softphone/src';
const protocol = 'packages/protocol/src';

describe('the walls between folders', () => {
  const refused: [string, string, RegExp][] = [
    // The server's floors: nothing reaches up.
    [`${server}/cti/engine/engine.ts`, '../../http/route.js', /engine is pure/],
    [`${server}/cti/engine/engine.ts`, '../../tenants/agent.data.js', /engine is pure/],
    [`${server}/cti/engine/engine.ts`, '../host/tenant-host.js', /engine is pure/],
    [`${server}/cti/engine/calls/queue.ts`, '../../../db/executor.js', /engine is pure/],
    [`${server}/cti/host/methods.ts`, '../../http/i18n.js', /host runs/],
    [`${server}/cti/host/methods.ts`, '../gateway/gateway.js', /host runs/],
    [`${server}/cti/bus/redis-bus.ts`, '../host/tenant-host.js', /bus carries/],
    [`${server}/content/resources/resource.service.ts`, '../../http/multipart.js', /below the transport/],
    [`${server}/auth/session.ts`, '../services.js', /below the transport/],
    [`${server}/tenants/tenant.service.ts`, '../seed/seed.js', /below the transport/],
    [`${server}/start/prepare-database.ts`, '../http/route.js', /made ready/],
    [`${server}/start/first-start.ts`, '../app.js', /made ready/],
    [`${server}/db/read-cache.ts`, '../content/resources/resource.data.js', /no domain/],
    [`${server}/storage/file-store.ts`, '../db/database.js', /only bytes/],
    [`${server}/errors.ts`, './http/route.js', /ground imports only the ground/],
    [`${server}/errors.ts`, './content/resources/resource.data.js', /ground imports only the ground/],
    [`${server}/clock.ts`, './cti/engine/engine.js', /ground imports only the ground/],
    [`${server}/config.ts`, './cti/ice-servers.js', /ground imports only the ground/],
    // One domain folder does not reach into any other it has not been given.
    [`${server}/content/resources/resource.service.ts`, '../../auth/session.js', /below the transport/],
    [`${server}/tenants/agent.data.ts`, '../cti/engine/engine.js', /below the transport/],
    [`${server}/audit/audit.service.ts`, '../tenants/agent.data.js', /below the transport/],
    [`${server}/telephony/trunk-leg.ts`, '../cti/host/tenant-host.js', /outside line/],
    [`${server}/auth/session.ts`, '../content/versions/version.data.js', /below the transport/],
    // The transport and the adapters reach the domain through services.ts only.
    [`${server}/http/route.ts`, '../auth/session.js', /through services\.ts/],
    [`${server}/http/route.ts`, '../cti/engine/engine.js', /through services\.ts/],
    [`${server}/http/static.ts`, '../api/index.js', /through services\.ts/],
    [`${server}/api/doc/doc.routes.ts`, '../../db/database.js', /thin adapter/],
    [`${server}/api/doc/doc.routes.ts`, '../../content/resources/resource.data.js', /thin adapter/],
    [`${server}/api/doc/doc.routes.ts`, '../cms/resources.routes.js', /another area/],
    [`${server}/cti/cti.service.ts`, '../telephony/telephony.service.js', /below the transport/],
    [`${server}/api/cms/resources.routes.ts`, '../../seed/seed-docs.js', /thin adapter/],
    [`${server}/services.ts`, './app.js', /composition root/],
    [`${server}/services.ts`, './http/route.js', /composition root/],
    [`${server}/app.ts`, './main.js', /Only main\.ts/],
    // The softphone: the loader stays a loader.
    [`${phone}/sdk/softphone.ts`, '../frame/PhoneApp.js', /over the bridge only/],
    [`${phone}/sdk/softphone.ts`, 'react-dom', /over the bridge only/],
    [`${phone}/sdk/softphone.ts`, 'react', /over the bridge only/],
    [`${phone}/bridge/messages.ts`, '../socket/cti-socket.js', /plain data/],
    [`${phone}/socket/cti-socket.ts`, '../frame/store.js', /knows neither/],
    [`${phone}/socket/cti-socket.ts`, '../../../web/src/api/client.js', /knows neither/],
    [`${phone}/frame/main.tsx`, '../sdk/softphone.js', /behind the bridge/],
    [`${phone}/frame/main.tsx`, 'antd', /behind the bridge/],
    [`${phone}/frame/media/media.ts`, '../state/phone-store.js', /no state and no view/],
    [`${phone}/frame/media/devices.ts`, 'react', /no state and no view/],
    [`${phone}/frame/state/phone-store.ts`, '../views/phone-ui.js', /no view and no React/],
    [`${phone}/frame/state/lifecycle.ts`, 'react', /no view and no React/],
    [`${phone}/frame/state/ringer.ts`, '../../../bridge/messages.js', /no view and no React/],
    // The web app: pages do not import each other; the reader stays light.
    [`${web}/doc/DocPage.tsx`, 'antd', /stays light/],
    [`${web}/doc/DocPage.tsx`, '@ant-design/icons', /stays light/],
    [`${web}/doc/DocPage.tsx`, '../cms/CmsPage.js', /stays light/],
    [`${web}/doc/DocPage.tsx`, '../ui/AntdProvider.js', /stays light/],
    [`${web}/cms/CmsPage.tsx`, '../doc/DocPage.js', /another page/],
    [`${web}/demo/DemoPage.tsx`, '../diagnose/DiagnosePage.js', /another page/],
    [`${web}/diagnose/DiagnosePage.tsx`, '../demo/DemoPage.js', /another page/],
    [`${web}/ui/theme.ts`, '../cms/CmsPage.js', /know no page/],
    [`${web}/api/client.ts`, '../doc/DocPage.js', /knows no page/],
    [`${web}/api/client.ts`, 'antd', /knows no page/],
    [`${web}/state/store.ts`, '../api/client.js', /plain state/],
    // The protocol: nothing of the server's or the browser's, and its own floors.
    [`${protocol}/limits.ts`, 'fastify', /shared by the server and the browser/],
    [`${protocol}/limits.ts`, '../../server/src/errors.js', /shared by the server and the browser/],
    [`${protocol}/limits.ts`, './api/common.js', /shared by the server and the browser/],
    [`${protocol}/cti/frames.ts`, '../api/common.js', /shared by the server and the browser/],
    [`${protocol}/softphone/catalogue.ts`, 'zod', /shared by the server and the browser/],
    [`${protocol}/messages/namespaces.ts`, 'react', /shared by the server and the browser/],
    [`${protocol}/api/doc.ts`, '../../../web/src/api/client.js', /shared by the server and the browser/],
  ];
  it.each(refused)('%s may not import %s', async (file, specifier, reason) => {
    const errors = await importErrors(file, specifier);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(reason);
  });

  const allowed: [string, string][] = [
    [`${server}/cti/engine/engine.ts`, '../../errors.js'],
    [`${server}/cti/engine/calls/queue.ts`, '../engine.js'],
    [`${server}/cti/host/methods.ts`, '../../tenants/agent.data.js'],
    [`${server}/cti/host/tenant-host.ts`, '../engine/engine.js'],
    [`${server}/telephony/trunk-leg.ts`, '../cti/engine/calls/outside-line.js'],
    [`${server}/http/route.ts`, '../services.js'],
    [`${server}/http/route.ts`, '../db/read-cache.js'],
    [`${server}/api/doc/doc.routes.ts`, '../paging.js'],
    [`${server}/api/doc/doc.routes.ts`, '../../http/route.js'],
    [`${server}/api/doc/doc.routes.ts`, './doc-helpers.js'],
    [`${server}/seed/seed.ts`, '../auth/password.js'],
    [`${server}/main.ts`, './seed/seed.js'],
    [`${server}/start/prepare-database.ts`, '../services.js'],
    [`${server}/start/prepare-database.ts`, '../seed/seed-docs.js'],
    [`${server}/config.ts`, './ice-settings.js'],
    [`${server}/content/resources/resource.service.ts`, '@open/protocol/api'],
    [`${phone}/sdk/softphone.ts`, '../bridge/messages.js'],
    [`${phone}/frame/main.tsx`, 'react-dom/client'],
    [`${phone}/frame/main.tsx`, '../socket/cti-socket.js'],
    [`${phone}/frame/state/phone-store.ts`, '../media/media.js'],
    [`${phone}/frame/state/lifecycle.ts`, '../../socket/cti-socket.js'],
    [`${phone}/frame/views/MediaView.tsx`, '../state/phone-store.js'],
    [`${web}/doc/DocPage.tsx`, '../ui/use-settled.js'],
    [`${web}/app/router.tsx`, '../cms/CmsPage.js'],
    [`${protocol}/cti/frames.ts`, '../storable-text.js'],
    [`${protocol}/api/common.ts`, 'zod'],
  ];
  it.each(allowed)('%s may import %s', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([]);
  });
});
