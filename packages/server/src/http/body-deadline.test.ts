/**
 * The body deadline never outlives its request: a body nobody reads (its request was answered
 * without it) must not fail later, outside any request, as an uncaught error; a body being
 * read still fails with the 408 (wire-errors.test.ts covers that through the server).
 */
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { withDeadline } from './body-deadline.js';

const DEADLINE_MS = 30;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);
beforeAll(() => process.on('uncaughtException', onUncaught));
afterAll(() => process.off('uncaughtException', onUncaught));

/** What the deadline uses of a reply: its headers and its end. */
function fakeReply(): { reply: FastifyReply; headers: string[]; raw: EventEmitter } {
  const headers: string[] = [];
  const raw = new EventEmitter();
  const reply = {
    raw,
    header(name: string) {
      headers.push(name);
      return reply;
    },
  } as unknown as FastifyReply;
  return { reply, headers, raw };
}

describe('body deadline', () => {
  it('ends quietly when nobody reads the body', async () => {
    const payload = new PassThrough();
    payload.write('{"half":');
    const body = withDeadline(payload, fakeReply().reply, DEADLINE_MS, false);
    await sleep(DEADLINE_MS * 4);
    expect(uncaught).toEqual([]);
    expect(body.destroyed).toBe(true);
  });

  it('fails a body that is being read with the catalogued time-out, and closes the connection', async () => {
    const payload = new PassThrough();
    payload.write('{"half":');
    const reply = fakeReply();
    const body = withDeadline(payload, reply.reply, DEADLINE_MS, false);
    const failure = new Promise<unknown>((resolve) => body.once('error', resolve));
    body.resume();
    expect(await failure).toMatchObject({ code: errorCatalogue.requestTimeout.code });
    expect(reply.headers).toContain('connection');
  });

  it('stops its timer when the answer has gone out', async () => {
    const payload = new PassThrough();
    const reply = fakeReply();
    const body = withDeadline(payload, reply.reply, DEADLINE_MS, false);
    body.on('error', (error) => uncaught.push(error));
    reply.raw.emit('close');
    await sleep(DEADLINE_MS * 4);
    expect(uncaught).toEqual([]);
  });
});
