// @ts-check
// The reference for bench/cti-load: a bare `ws` server on the softphone socket's path, with the
// same frame size limit and no per-message compression (as our gateway). A client's first frame
// (its "auth") is parsed and answered with a frame of BENCH_READY_BYTES (our server's `ready`);
// a ping is answered with a pong. `POST /broadcast?bytes=<n>` sends one message of n bytes,
// serialised once, to every client: the least any server can do to push an event to all.
// No authentication, no sessions, no database: the floor for holding and reaching these sockets.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { WebSocketServer } from 'ws';

const PATH = '/dzfront/open/server/cti';
const readyBytes = Number(process.env.BENCH_READY_BYTES ?? 1000);

/**
 * A JSON frame of about `bytes` bytes, padded with a string field.
 * @param {Record<string, unknown>} fields
 * @param {number} bytes
 */
function padded(fields, bytes) {
  const bare = JSON.stringify({ ...fields, pad: '' });
  return JSON.stringify({ ...fields, pad: 'x'.repeat(Math.max(0, bytes - bare.length)) });
}

/** @type {Set<import('ws').WebSocket>} */
const sockets = new Set();

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method !== 'POST' || url.pathname !== '/broadcast') {
    response.writeHead(404).end();
    return;
  }
  request.resume();
  const message = padded(
    { type: 'event', seq: 1, name: 'tenantInfoChange', at: new Date().toISOString() },
    Number(url.searchParams.get('bytes') ?? 1000),
  );
  let sent = 0;
  for (const socket of sockets) {
    if (socket.readyState !== socket.OPEN) continue;
    socket.send(message);
    sent += 1;
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sent }));
});

const wss = new WebSocketServer({ server, path: PATH, maxPayload: 64 * 1024 });
wss.on('connection', (socket) => {
  let authenticated = false;
  socket.on('message', (data) => {
    let frame;
    try {
      frame = /** @type {{ type?: unknown, ts?: unknown }} */ (JSON.parse(String(data)));
    } catch {
      socket.close(4009, 'badFrame');
      return;
    }
    if (!authenticated) {
      authenticated = true;
      sockets.add(socket);
      socket.send(padded({ type: 'ready', session: randomUUID(), heartbeat_ms: 20_000 }, readyBytes));
    } else if (frame.type === 'ping') {
      socket.send(JSON.stringify({ type: 'pong', ts: frame.ts, server_ts: Date.now() }));
    }
  });
  socket.on('close', () => sockets.delete(socket));
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`Open platform is running (reference) at http://127.0.0.1:${port}`);
});
