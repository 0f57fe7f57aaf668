import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { systemClock } from '../clock.js';
import { createEventLog } from '../webhooks/event-log.js';
import { createWebhookAdminService } from '../webhooks/webhook-admin.service.js';
import { prepareDatabase } from './prepare-database.js';

let database: TestDatabase;
let posts = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    posts++;
    response.writeHead(204).end();
  });
});

beforeAll(async () => {
  database = await createTestDatabase();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await database.close();
});

// The bug: the services built to prepare the database were never closed, so a second webhook
// dispatcher (and call centre) ran beside the app's, until the database closed under them.
it('leaves nothing running once the database is ready', async () => {
  const { db } = database;
  const tenant = await db.selectFrom('tenant').select('id').executeTakeFirstOrThrow();
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
  const admin = createWebhookAdminService({
    db,
    clock: systemClock,
    secrets: null,
    allowPrivate: true,
    onChanged: () => Promise.resolve(),
    onDue: () => undefined,
  });
  const webhook = await admin.set({
    tenant_id: tenant.id,
    url,
    description: '',
    events: ['callRecord'],
    enabled: true,
  });
  await prepareDatabase(db, { adminPassword: undefined, docFallbackLangs: ['en'] });
  // An event due now, with nobody left to post it but a dispatcher that should not be there.
  const log = createEventLog({ db, gatherMs: 1 });
  await log.start();
  log.add({ tenantId: tenant.id, type: 'callRecord', agentId: null, agent: null, data: {}, at: new Date() });
  await log.close();
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  // Nobody tried it (a dispatcher left over would have, and been refused loopback: it is not
  // given WEBHOOK_PRIVATE_TARGETS).
  const deliveries = await db
    .selectFrom('webhook_delivery')
    .select(['attempts', 'error'])
    .where('webhook_id', '=', webhook._id)
    .execute();
  expect(deliveries).toEqual([{ attempts: 0, error: null }]);
  expect(posts).toBe(0);
  await admin.remove(webhook._id);
});
