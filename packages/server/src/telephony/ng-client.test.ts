import { afterEach, describe, expect, it } from 'vitest';
import { peer, type Peer } from '../../test/ng-peer.js';
import { createNgClient, RelayError, type NgClient } from './ng-client.js';

/** The ng protocol's transport, against a UDP peer standing in for rtpengine (test/ng-peer.ts). */
let client: NgClient | null = null;
let relay: Peer | null = null;
afterEach(async () => {
  await client?.close();
  await relay?.close();
  client = null;
  relay = null;
});

describe('the ng client', () => {
  it('answers with the dictionary, byte strings read as text', async () => {
    relay = await peer(() => ({ result: 'ok', sdp: 'v=0\r\n', tags: ['a', 'b'], created: 7 }));
    client = createNgClient({ host: '127.0.0.1', port: relay.port });
    await expect(client.command('offer', { sdp: 'v=0' })).resolves.toEqual({
      result: 'ok',
      sdp: 'v=0\r\n',
      tags: ['a', 'b'],
      created: 7,
    });
  });

  it('sends a lost command again with the same cookie, so rtpengine runs it once', async () => {
    relay = await peer((_command, seen) => (seen === 1 ? 'drop' : { result: 'pong' }));
    client = createNgClient({ host: '127.0.0.1', port: relay.port });
    await expect(client.command('ping')).resolves.toEqual({ result: 'pong' });
    expect(relay.received).toHaveLength(2);
    expect(relay.received[0]?.cookie).toBe(relay.received[1]?.cookie);
  });

  it("rejects with rtpengine's reason when it refuses", async () => {
    relay = await peer(() => ({ result: 'error', 'error-reason': 'Unknown call-id' }));
    client = createNgClient({ host: '127.0.0.1', port: relay.port });
    const refused = client.command('answer', { 'call-id': 'x' });
    await expect(refused).rejects.toBeInstanceOf(RelayError);
    await expect(refused).rejects.toThrow('rtpengine refused the command: Unknown call-id');
    // The watch tells a call the relay no longer holds from a relay that is gone by this.
    await expect(refused).rejects.toMatchObject({ refusal: 'Unknown call-id' });
  });

  it('rejects an answer that is not bencode, and gives up on a relay that never answers', async () => {
    relay = await peer((command) => (command === 'ping' ? 'garbage' : 'drop'));
    client = createNgClient({ host: '127.0.0.1', port: relay.port });
    await expect(client.command('ping')).rejects.toThrow('not bencode');
    const unanswered = client.command('query');
    await expect(unanswered).rejects.toThrow(/did not answer 'query' within 3 s/);
    await expect(unanswered).rejects.toMatchObject({ refusal: null });
    expect(relay.received.filter((r) => r.command === 'query').length).toBeGreaterThan(2);
  });

  it('closing rejects what is still waiting', async () => {
    relay = await peer(() => 'drop');
    client = createNgClient({ host: '127.0.0.1', port: relay.port });
    const waiting = client.command('ping');
    await client.close();
    client = null;
    await expect(waiting).rejects.toThrow('closed');
  });
});
