import { describe, expect, it } from 'vitest';
import { closeCodes } from '@open/protocol/cti/protocol';
import { CtiClient, loginToken } from '../../../test/cti-client.js';
import { createTestApp } from '../../../test/helpers.js';

describe('a server that stops', () => {
  it('closes every phone’s socket with 1001 shutdown, so phones reconnect and resume', async () => {
    const ctx = await createTestApp();
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await CtiClient.connect(base);
    await client.auth(await loginToken(ctx.app));
    const anonymous = await CtiClient.connect(base);
    await ctx.close();
    expect(await client.closedWith()).toEqual({ code: closeCodes.goingAway, reason: 'shutdown' });
    expect(await anonymous.closedWith()).toEqual({ code: closeCodes.goingAway, reason: 'shutdown' });
  });

  it('alone (no store keeps its agents for another node): checks them out and ends their calls, keeping the records', async () => {
    const ctx = await createTestApp();
    try {
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const client = await CtiClient.connect(base);
      await client.auth(await loginToken(ctx.app));
      expect(await client.request('login')).toMatchObject({ code: 0 });
      const placed = await client.request('dialOut', { number: '13800138001' });
      const callId = (placed.data as { call_id: string }).call_id;
      await ctx.app.close();
      const record = await ctx.db
        .selectFrom('call_record')
        .select(['outcome'])
        .where('call_id', '=', callId)
        .executeTakeFirst();
      expect(record).toEqual({ outcome: 'agentLost' });
    } finally {
      await ctx.close();
    }
  });
});
