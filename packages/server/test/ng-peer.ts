import { createSocket, type Socket } from 'node:dgram';
import bencode from 'bencode';

/**
 * The ng protocol's transport: a UDP peer standing in for rtpengine answers as rtpengine does
 * (the cookie, a space, a bencoded dictionary), drops what the test says, and counts what came.
 * The commands themselves are run against Debian's rtpengine in e2e/trunk-*.test.ts.
 */
export interface Peer {
  port: number;
  received: { cookie: string; command: string }[];
  close(): Promise<void>;
}

export async function peer(
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
