import { createSocket, type Socket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import bencode from 'bencode';
import { createNgClient, RelayError, type NgClient } from './ng-client.js';

/**
 * The ng protocol's transport: a UDP peer standing in for rtpengine answers as rtpengine does
 * (the cookie, a space, a bencoded dictionary), drops what the test says, and counts what came.
 * The commands themselves are run against Debian's rtpengine in e2e/trunk-*.test.ts.
 */
interface Peer {
  port: number;
  received: { cookie: string; command: string }[];
  close(): Promise<void>;
}

async function peer(
  answer: (command: string, seen: number) => Record<string, unknown> | 'drop' | 'garbage',
): Promise<Peer> {
  const socket: Socket = createSocket('udp4');
  const received: Peer['received'] = [];
  socket.on('message', (message, from) => {
    const space = message.indexOf(0x20);
    const cookie = message.subarray(0, space).toString();
    const decoded = bencode.decode(message.subarray(space + 1)) as { command: Uint8Array };
    const command = Buffer.from(decoded.command).toString();
    received.push({ cookie, command });
    const reply = answer(command, received.length);
    if (reply === 'drop') return;
    const body = reply === 'garbage' ? Buffer.from('not bencode') : Buffer.from(bencode.encode(reply));
    socket.send(Buffer.concat([Buffer.from(`${cookie} `), body]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    port: socket.address().port,
    received,
    close: () =>
      new Promise<void>((resolve) =>
        socket.close(() => {
          resolve();
        }),
      ),
  };
}

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
