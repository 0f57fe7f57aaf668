// @ts-check
// The reference for bench/api-throughput: a bare Fastify POST handler answering the same
// envelope from memory. No validation, no database, no hooks: the ceiling for this machine.
import Fastify from 'fastify';

const list = [
  { _id: 'a', name: 'v1.0', isDefault: false },
  { _id: 'b', name: 'v2.0', isDefault: true },
];
const app = Fastify();
app.post('/dzfront/open/server/api/doc/get_version_info', () => ({ code: 0, message: 'ok', data: { list } }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`Open platform is running (reference) at ${address}`);
