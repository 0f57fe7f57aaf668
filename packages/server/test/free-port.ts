import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

/**
 * Where test servers that listen on TCP and UDP both (SIP, coturn, rtpengine's ng port) are put:
 * below the kernel's ephemeral range (32768 up on Linux). A port the kernel handed out for a
 * listen on 0 is one an outgoing connection of a browser or server may take the next moment, and
 * the SIP stack then fails to listen on TCP (seen in CI with the browser tests beside: EADDRINUSE).
 * Not 20000-33999 either: the tests' rtpengine and baresip take their media ports there.
 */
const FIRST = 12_000;
const LAST = 19_999;

function takes(bind: (done: (free: boolean) => void) => void): Promise<boolean> {
  return new Promise((resolve) => {
    bind(resolve);
  });
}

const tcpFree = (port: number, host: string) =>
  takes((done) => {
    const server = createServer();
    server.once('error', () => {
      done(false);
    });
    server.listen(port, host, () => {
      server.close(() => {
        done(true);
      });
    });
  });

const udpFree = (port: number, host: string) =>
  takes((done) => {
    const socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
    socket.once('error', () => {
      socket.close();
      done(false);
    });
    socket.bind(port, host, () => {
      socket.close(() => {
        done(true);
      });
    });
  });

/** A port free on `host` for TCP and UDP both, outside the ranges above. */
export async function freeTcpAndUdpPort(host = '127.0.0.1'): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST + 1));
    if ((await tcpFree(port, host)) && (await udpFree(port, host))) return port;
  }
  throw new Error(`no port free for TCP and UDP on ${host} between ${String(FIRST)} and ${String(LAST)}`);
}
