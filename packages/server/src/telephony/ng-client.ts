import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import bencode, { type Bencoded } from 'bencode';
import type { HostPort } from '../config.js';

/**
 * A client of rtpengine's ng control protocol: a bencoded dictionary over UDP, prefixed by a
 * cookie that the answer repeats. Written here rather than taken from `rtpengine-client`, whose
 * 0.4 release requires a module (`debug`) it does not declare and pulls in a WebSocket client
 * we do not use; the protocol is this small. A lost datagram is sent again with the same cookie,
 * which rtpengine recognises and answers from its cache instead of running the command twice.
 */

/** A decoded answer, byte strings read as UTF-8 text. */
export type NgValue = string | number | NgValue[] | { [key: string]: NgValue };
export type NgAnswer = { result: string; 'error-reason'?: string; sdp?: string } & Record<string, NgValue>;

export class RelayError extends Error {
  override name = 'RelayError';
  /**
   * rtpengine's own reason when it answered with a refusal ('Unknown call-id' for a call it no
   * longer holds); null when it did not answer at all or answered with something unreadable.
   */
  readonly refusal: string | null;
  constructor(message: string, refusal: string | null = null) {
    super(message);
    this.refusal = refusal;
  }
}

const RESEND_AFTER_MS = 500;
const GIVE_UP_AFTER_MS = 3_000;

function toText(value: Bencoded): NgValue {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  if (Array.isArray(value)) return value.map(toText);
  if (typeof value === 'number') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toText(inner)]));
}

export interface NgClient {
  /** Runs one command; rejects with a RelayError when rtpengine refuses it or never answers. */
  command(name: string, params?: Record<string, unknown>): Promise<NgAnswer>;
  close(): Promise<void>;
}

export function createNgClient(relay: HostPort): NgClient {
  let socket: Socket | null = null;
  const pending = new Map<string, { resolve: (answer: NgAnswer) => void; reject: (error: Error) => void }>();

  function open(): Socket {
    if (socket) return socket;
    const created = createSocket(relay.host.includes(':') ? 'udp6' : 'udp4');
    created.on('message', (message) => {
      const space = message.indexOf(0x20);
      if (space <= 0) return;
      const cookie = message.subarray(0, space).toString('latin1');
      const waiting = pending.get(cookie);
      if (!waiting) return;
      pending.delete(cookie);
      try {
        const answer = toText(bencode.decode(message.subarray(space + 1))) as NgAnswer;
        if (answer.result === 'ok' || answer.result === 'pong') waiting.resolve(answer);
        else {
          const refusal = answer['error-reason'] ?? answer.result;
          waiting.reject(new RelayError(`rtpengine refused the command: ${refusal}`, refusal));
        }
      } catch {
        waiting.reject(new RelayError('rtpengine sent an answer that is not bencode'));
      }
    });
    // A datagram refused by the host (nothing listening) shows up here on some systems; the
    // command then times out with the message that says what to check.
    created.on('error', () => undefined);
    socket = created;
    return created;
  }

  return {
    command(name, params = {}) {
      const cookie = randomBytes(8).toString('hex');
      const datagram = Buffer.concat([Buffer.from(`${cookie} `), bencode.encode({ ...params, command: name })]);
      const target = open();
      return new Promise<NgAnswer>((resolve, reject) => {
        const send = () => {
          target.send(datagram, relay.port, relay.host, () => undefined);
        };
        const resend = setInterval(send, RESEND_AFTER_MS);
        const giveUp = setTimeout(() => {
          pending.delete(cookie);
          clearInterval(resend);
          reject(
            new RelayError(
              `rtpengine at ${relay.host}:${relay.port} did not answer '${name}' within ${GIVE_UP_AFTER_MS / 1000} s`,
            ),
          );
        }, GIVE_UP_AFTER_MS);
        const settle = () => {
          clearInterval(resend);
          clearTimeout(giveUp);
        };
        pending.set(cookie, {
          resolve: (answer) => {
            settle();
            resolve(answer);
          },
          reject: (error) => {
            settle();
            reject(error);
          },
        });
        send();
      });
    },
    async close() {
      for (const [cookie, waiting] of pending) {
        pending.delete(cookie);
        waiting.reject(new RelayError('the relay client was closed'));
      }
      const closing = socket;
      socket = null;
      if (closing)
        await new Promise<void>((resolve) =>
          closing.close(() => {
            resolve();
          }),
        );
    },
  };
}
