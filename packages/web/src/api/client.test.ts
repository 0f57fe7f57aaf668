import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../server/test/helpers';
import { call, errorMessage, isApiEnvelope, onNotLoggedIn, request, setApiLang } from './client';

// The client against the real server over real HTTP: only the origin is added to its
// relative URLs, as a browser would.
let ctx: TestContext;
let origin: string;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  ctx = await createTestApp();
  origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
// Per test: Vitest puts stubbed globals back before each one (unstubGlobals in vitest.config.ts).
beforeEach(() => {
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(`${origin}${input}`, init));
});
afterAll(async () => {
  await ctx.close();
});

describe('API client (spec §7)', () => {
  it('resolves with the response data (the envelope) on a reply', async () => {
    const envelope = await request('doc/get_version_info', {});
    expect(envelope.code).toBe(0);
    expect(envelope.data.list.map((v) => v.name)).toEqual(['v1.0', 'v2.0']);
  });

  it('call() answers data itself', async () => {
    const data = await call('doc/get_locale_conf', { lang: 'ja' });
    expect(data.lang).toBe('ja');
  });

  it('rejects with the error response data on an error reply, in the chosen language', async () => {
    setApiLang('en');
    const error: unknown = await request('cms/get_version_list', { page_number: -1 }).catch((e: unknown) => e);
    expect(isApiEnvelope(error)).toBe(true);
    expect(error).toEqual({ code: 40101, message: 'Please sign in first.', data: null });
    expect(errorMessage(error, 'network')).toBe('Please sign in first.');
    setApiLang('zh-CN');
    const chinese: unknown = await request('cms/get_version_list', { page_number: -1 }).catch((e: unknown) => e);
    expect(errorMessage(chinese, 'network')).toBe('请先登录。');
  });

  it('tells the app when the server says nobody is signed in', async () => {
    let told = 0;
    onNotLoggedIn(() => told++);
    await request('doc/get_version_info', {});
    expect(told).toBe(0);
    await request('cms/get_version_list', { page_number: -1 }).catch(() => undefined);
    expect(told).toBe(1);
  });

  it('rejects with the error itself when there is no response', async () => {
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(`http://127.0.0.1:9${input}`, init));
    const error: unknown = await request('doc/get_version_info', {}).catch((e: unknown) => e);
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(`${origin}${input}`, init));
    expect(error).toBeInstanceOf(TypeError);
    expect(isApiEnvelope(error)).toBe(false);
    expect(errorMessage(error, 'The server could not be reached.')).toBe('The server could not be reached.');
  });
});
