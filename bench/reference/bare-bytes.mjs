// @ts-check
// The reference for bench/doc-read: a bare Fastify POST handler per path, sending bytes it
// holds in memory (our server's own answers, fetched just before: BENCH_ANSWERS names a JSON
// file of { path: answer text }). No validation, no database, no hooks: the ceiling for
// sending those answers on this machine.
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';

const file = process.env.BENCH_ANSWERS;
if (!file) throw new Error('BENCH_ANSWERS must name the answers file');
const answers = /** @type {Record<string, string>} */ (JSON.parse(await readFile(file, 'utf8')));
const app = Fastify();
for (const [url, text] of Object.entries(answers)) {
  const bytes = Buffer.from(text, 'utf8');
  app.post(url, (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(bytes));
}
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`Open platform is running (reference) at ${address}`);
