import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobKeyMismatch, createMemoryStore, isBlobKey, type BlobStore } from './blob-store.js';
import { createFileStore } from './file-store.js';

const dir = await mkdtemp(path.join(tmpdir(), 'open-blobs-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const keyOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const read = async (store: BlobStore, key: string) => {
  const blob = await store.get(key);
  if (!blob) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), size: blob.size };
};

describe.each([
  ['the file store', () => createFileStore(path.join(dir, 'files'))],
  ['the memory store', () => createMemoryStore()],
])('%s', (_name, make) => {
  const store = make();
  const bytes = Buffer.from('some attachment bytes');
  const key = keyOf(bytes);

  it('puts, gets and deletes by content address', async () => {
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeUndefined();
    await store.put(key, Readable.from([bytes.subarray(0, 4), bytes.subarray(4)]));
    expect(await store.has(key)).toBe(true);
    expect(await read(store, key)).toEqual({ bytes, size: bytes.length });
    // Putting the same bytes again keeps one copy.
    await store.put(key, Readable.from([bytes]));
    await store.delete(key);
    expect(await store.has(key)).toBe(false);
    await store.delete(key);
  });

  it('refuses bytes whose hash is not their key, and stores nothing', async () => {
    const other = keyOf(Buffer.from('other'));
    await expect(store.put(other, Readable.from([bytes]))).rejects.toBeInstanceOf(BlobKeyMismatch);
    expect(await store.has(other)).toBe(false);
  });

  it('refuses keys that are not content addresses (no path can be named)', async () => {
    for (const bad of ['../../etc/passwd', 'A'.repeat(64), key.slice(1), `${key}/..`]) {
      expect(isBlobKey(bad)).toBe(false);
      await expect(store.put(bad, Readable.from([bytes]))).rejects.toThrow();
      expect(await store.get(bad)).toBeUndefined();
    }
  });

  it('stores nothing when the source fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push(bytes);
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put(key, failing)).rejects.toThrow('client went away');
    expect(await store.has(key)).toBe(false);
  });
});

describe('the file store on disk', () => {
  it('writes under two hex digits, through tmp/, leaving nothing there', async () => {
    const root = path.join(dir, 'layout');
    const store = createFileStore(root);
    const bytes = Buffer.from('layout');
    const key = keyOf(bytes);
    await store.put(key, Readable.from([bytes]));
    expect(await readdir(path.join(root, key.slice(0, 2)))).toEqual([key]);
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  });

  it('reads a file to the end even if it is deleted while being read', async () => {
    const root = path.join(dir, 'deleted');
    const store = createFileStore(root);
    const bytes = Buffer.alloc(256 * 1024, 7);
    const key = keyOf(bytes);
    await store.put(key, Readable.from([bytes]));
    const blob = await store.get(key);
    await store.delete(key);
    const chunks: Buffer[] = [];
    for await (const chunk of blob?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});
