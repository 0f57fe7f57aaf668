import { createSocket, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import { makeResponse, type SipRequest, type SipResponse, type Stack } from 'sip';
import type { HostPort } from '../config.js';
import { newTag, withTag } from './sip-messages.js';

export interface Refusals {
  /**
   * Refuses a new INVITE (a final answer of 300 or more, before any dialog), sent once: see
   * createRefusals.
   */
  refuse(invite: SipRequest, status: number, reason: string, headers?: Partial<SipResponse['headers']>): void;
  close(): void;
}

/**
 * The `sip` package answers each INVITE through a server transaction that sends a refusal again
 * until it is acknowledged (Timer G: up to 7 times in 32 s, RFC 3261 17.2.1) and holds it that
 * long; a scanner or a flood never acknowledges, so each refused INVITE drew 7 answers and 32 s of
 * memory. After sending a refusal, the node acknowledges it to its own stack: an ACK with the
 * INVITE's branch, over loopback, which the stack takes to that transaction. It stops resending
 * and ends 5 s later (Timer I), as a stateless proxy's refusal would; a carrier that lost the
 * answer sends its INVITE again and is answered once that has passed. The package offers no
 * other way to send a response outside its transaction.
 */
export function createRefusals(stack: Stack, listen: HostPort): Refusals {
  // The stack's own socket, reached on loopback when it listens on every address.
  const host = listen.host === '0.0.0.0' ? '127.0.0.1' : listen.host === '::' ? '::1' : listen.host;
  let socket: Socket | null = null;
  const loopback = () => {
    if (socket) return socket;
    socket = createSocket(isIPv6(host) ? 'udp6' : 'udp4');
    socket.on('error', () => undefined);
    socket.unref();
    return socket;
  };

  return {
    refuse(invite, status, reason, headers = {}) {
      const to = headers.to ?? withTag(invite.headers.to, newTag());
      stack.send(makeResponse(invite, status, reason, { headers: { ...headers, to } }));
      const [via] = invite.headers.via;
      if (!via) return;
      const ack = [
        `ACK ${invite.uri} SIP/2.0`,
        `Via: SIP/2.0/UDP ${via.host}${via.port ? `:${String(via.port)}` : ''};branch=${String(via.params.branch)}`,
        `From: <${invite.headers.from.uri}>;tag=${invite.headers.from.params.tag ?? ''}`,
        `To: <${invite.headers.to.uri}>;tag=${to.params.tag ?? ''}`,
        `Call-ID: ${invite.headers['call-id']}`,
        `CSeq: ${String(invite.headers.cseq.seq)} ACK`,
        'Max-Forwards: 70',
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n');
      loopback().send(ack, listen.port, host);
    },
    close() {
      socket?.close();
      socket = null;
    },
  };
}
