import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';

/**
 * SIP on the wire, as the telephony tests speak it to a node's SIP socket: a UDP socket on an
 * address of its own (a carrier, a stranger, the edge), a request written out in full, and the
 * first answer to it.
 */

export interface SipTarget {
  host: string;
  port: number;
}

export async function udpFrom(host: string): Promise<Socket> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, host, resolve));
  return socket;
}

export async function freeUdpPort(): Promise<number> {
  const probe = await udpFrom('127.0.0.1');
  const { port } = probe.address();
  await new Promise<void>((resolve) =>
    probe.close(() => {
      resolve();
    }),
  );
  return port;
}

/**
 * Sends a datagram and waits for the first SIP answer to it (or none within `waitMs`). Answers
 * are matched by Call-ID: a final refusal of an INVITE is sent again until it is acknowledged,
 * which these tests never do.
 */
export function exchange(from: Socket, text: string | Buffer, to: SipTarget, waitMs = 1_000): Promise<string | null> {
  const callId = /^Call-ID: (.*)$/m.exec(text.toString())?.[1]?.trim();
  return new Promise((resolve) => {
    const onMessage = (message: Buffer) => {
      const answer = message.toString();
      if (callId !== undefined && !answer.includes(`Call-ID: ${callId}`)) return;
      // 100 Trying comes first for an INVITE: wait for the final answer.
      if (answer.startsWith('SIP/2.0 100')) return;
      clearTimeout(timer);
      from.off('message', onMessage);
      resolve(answer);
    };
    const timer = setTimeout(() => {
      from.off('message', onMessage);
      resolve(null);
    }, waitMs);
    from.on('message', onMessage);
    from.send(text, to.port, to.host);
  });
}

/** A request from `from` to the number `did` at `to`, a new call each time. */
export function sipRequest(
  method: string,
  from: Socket,
  to: SipTarget & { did: string },
  extra: { uri?: string; headers?: string; body?: string } = {},
): string {
  const { address, port: fromPort } = from.address();
  const body = extra.body ?? '';
  return [
    `${method} ${extra.uri ?? `sip:${to.did}@${to.host}:${String(to.port)}`} SIP/2.0`,
    `Via: SIP/2.0/UDP ${address}:${String(fromPort)};branch=z9hG4bK${randomBytes(6).toString('hex')};rport`,
    `From: <sip:+8613700000000@${address}>;tag=${randomBytes(4).toString('hex')}`,
    `To: <sip:${to.did}@${to.host}>`,
    `Call-ID: ${randomBytes(8).toString('hex')}@${address}`,
    `CSeq: 1 ${method}`,
    `Contact: <sip:caller@${address}:${String(fromPort)}>`,
    'Max-Forwards: 70',
    ...(extra.headers ? [extra.headers] : []),
    `Content-Length: ${String(Buffer.byteLength(body))}`,
    '',
    body,
  ].join('\r\n');
}
