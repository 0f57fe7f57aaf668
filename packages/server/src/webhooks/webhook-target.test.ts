import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { postEvent, type Resolver } from './webhook-sender.js';
import { refusedTarget, targetConcern } from './webhook-target.js';

describe('where a webhook may post', () => {
  it.each([
    ['169.254.169.254', 'metadata'],
    ['metadata.google.internal', 'metadata'],
    ['[fd00:ec2::254]', 'metadata'],
    ['169.254.10.1', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['127.0.0.1', 'loopback'],
    ['127.5.6.7', 'loopback'],
    ['localhost', 'loopback'],
    ['api.localhost', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0.0.0.0', 'loopback'],
    // A number the resolver reads as 127.0.0.1.
    ['0x7f000001', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['172.32.0.1', undefined],
    ['8.8.8.8', undefined],
    ['2001:db8::1', undefined],
    ['crm.example.com', undefined],
  ])('%s is %s', (host, concern) => {
    expect(targetConcern(host)).toBe(concern);
  });

  it('refuses metadata and link-local always, this machine and private networks unless allowed', () => {
    expect(refusedTarget('169.254.169.254', true)).toBe('metadata');
    expect(refusedTarget('169.254.1.1', true)).toBe('linkLocal');
    expect(refusedTarget('127.0.0.1', true)).toBeUndefined();
    expect(refusedTarget('10.0.0.1', true)).toBeUndefined();
    expect(refusedTarget('127.0.0.1', false)).toBe('loopback');
    expect(refusedTarget('10.0.0.1', false)).toBe('private');
    expect(refusedTarget('crm.example.com', false)).toBeUndefined();
  });
});

describe('a post', () => {
  it('judges a name by the address it resolves to when it connects', async () => {
    let reached = false;
    const server = createServer((_request, response) => {
      reached = true;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      // A public-looking name whose DNS answer is this machine (DNS rebinding): a resolver that
      // answers so, as an attacker's name server would.
      const rebinding: Resolver = (_name, _options, callback) => {
        callback(null, [{ address: '127.0.0.1', family: 4 }]);
      };
      const refused = await postEvent(
        `http://crm.example.com:${port}/`,
        '{}',
        {},
        {
          allowPrivate: false,
          resolver: rebinding,
        },
      );
      expect(refused).toMatchObject({ ok: false, error: 'targetRefused', status: null, detail: '127.0.0.1' });
      const metadata: Resolver = (_name, _options, callback) => {
        callback(null, [
          { address: '203.0.113.7', family: 4 },
          { address: '169.254.169.254', family: 4 },
        ]);
      };
      expect(
        await postEvent(`http://crm.example.com:${port}/`, '{}', {}, { allowPrivate: true, resolver: metadata }),
      ).toMatchObject({ error: 'targetRefused', detail: '169.254.169.254' });

      const literal = await postEvent(`http://127.0.0.1:${port}/`, '{}', {}, { allowPrivate: false });
      expect(literal).toMatchObject({ error: 'targetRefused', detail: '127.0.0.1' });
      expect(reached).toBe(false);
      expect(
        await postEvent(`http://crm.example.com:${port}/`, '{}', {}, { allowPrivate: true, resolver: rebinding }),
      ).toMatchObject({ ok: true, status: 200 });
      const allowed = await postEvent(`http://localhost:${port}/`, '{}', {}, { allowPrivate: true });
      expect(allowed).toMatchObject({ ok: true, status: 200, error: null });
      expect(reached).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('does not follow a redirect, and reads only the start of a long answer', async () => {
    const server = createServer((request, response) => {
      if (request.url === '/moved') response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      else response.end('x'.repeat(1_000_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await postEvent(`${base}/moved`, '{}', {}, { allowPrivate: true })).toMatchObject({
        ok: false,
        status: 302,
        error: 'httpStatus',
      });
      const long = await postEvent(`${base}/long`, '{}', {}, { allowPrivate: true });
      expect(long).toMatchObject({ ok: true, status: 200 });
      expect(long.excerpt).toHaveLength(512);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('names a name that does not resolve', async () => {
    expect(await postEvent('http://no-such-host.invalid/', '{}', {}, { allowPrivate: false })).toMatchObject({
      ok: false,
      error: 'dnsFailed',
    });
  });
});
