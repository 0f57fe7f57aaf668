/**
 * A link that loses and delays datagrams, for calls whose quality must really suffer: a UDP
 * proxy in front of a TURN server. `netem` is not in this kernel (DESIGN §12), so the loss and
 * delay are made here, on the wire between the browsers and their relay, where getStats() sees
 * them as it would on a bad network. A phone told to use the relay only (ICE_TRANSPORT_POLICY)
 * sends every packet of its call through this proxy, twice: up to the relay, and down from it to
 * the colleague.
 */
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';

export interface LinkConditions {
  /** Percent of the call's media packets dropped at each crossing (TURN ChannelData only). */
  lossPercent: number;
  /** Added to every datagram at each crossing, both ways. */
  delayMs: number;
}

export interface LossyLink {
  port: number;
  set(conditions: Partial<LinkConditions>): void;
  /** Datagrams passed on and dropped so far. */
  counts(): { forwarded: number; dropped: number };
  close(): Promise<void>;
}

/**
 * Media over TURN travels as ChannelData (RFC 8656 §12.4), whose first two bits are 01; allocations,
 * permissions and refreshes are STUN messages (first two bits 00). Only media is dropped, so the
 * relay itself stays up, as on a real lossy line where a retransmitted request gets through.
 */
const isChannelData = (datagram: Buffer) => datagram.length > 0 && ((datagram[0] ?? 0) & 0xc0) === 0x40;

export async function startLossyLink(target: { host: string; port: number }): Promise<LossyLink> {
  const conditions: LinkConditions = { lossPercent: 0, delayMs: 0 };
  const counts = { forwarded: 0, dropped: 0 };
  const front = createSocket('udp4');
  /** One upstream socket per browser address, so the relay sees each client as its own 5-tuple. */
  const upstreams = new Map<string, Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const pass = (datagram: Buffer, send: () => void) => {
    if (isChannelData(datagram) && Math.random() * 100 < conditions.lossPercent) {
      counts.dropped++;
      return;
    }
    counts.forwarded++;
    if (conditions.delayMs <= 0) {
      send();
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, conditions.delayMs);
    timers.add(timer);
  };

  const upstreamFor = (client: RemoteInfo): Socket => {
    const key = `${client.address}:${String(client.port)}`;
    let upstream = upstreams.get(key);
    if (upstream) return upstream;
    const created = createSocket('udp4');
    created.on('message', (datagram) => {
      pass(datagram, () => {
        front.send(datagram, client.port, client.address);
      });
    });
    created.on('error', () => created.close());
    created.connect(target.port, target.host);
    upstreams.set(key, created);
    upstream = created;
    return upstream;
  };

  front.on('message', (datagram, client) => {
    const upstream = upstreamFor(client);
    pass(datagram, () => {
      // Sent before the connect completed: queue it behind the connect.
      try {
        upstream.send(datagram);
      } catch {
        upstream.once('connect', () => {
          upstream.send(datagram);
        });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.bind(0, '127.0.0.1', () => {
      resolve();
    });
  });

  return {
    port: front.address().port,
    set(next) {
      Object.assign(conditions, next);
    },
    counts: () => ({ ...counts }),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(
        [...upstreams.values(), front].map(
          (socket) =>
            new Promise<void>((resolve) =>
              socket.close(() => {
                resolve();
              }),
            ),
        ),
      );
    },
  };
}
