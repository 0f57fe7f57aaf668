/**
 * Where attachment bytes live. The interface is small on purpose, so that an S3-compatible
 * object store can replace the files under DATA_DIR without touching anything else:
 *
 * - keys are content addresses, the lowercase hex SHA-256 of the bytes (`isBlobKey`); the same
 *   file uploaded twice is stored once, and a stored object never changes;
 * - `put` is atomic and checks the address: a reader never sees part of an object, and bytes
 *   whose hash is not their key are refused with nothing stored (an S3 store sends the hash as
 *   `x-amz-checksum-sha256` and writes under the key directly, since PUT is atomic there);
 * - which rows use an object is the database's business: the attachment service deletes an
 *   object only when no row has its hash any more.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

export interface StoredBlob {
  stream: Readable;
  size: number;
}

export interface BlobStore {
  /** Stores `source` under `key`. Putting bytes already stored keeps the stored copy. */
  put(key: string, source: Readable): Promise<void>;
  /** The bytes of `key`, or undefined when none are stored. */
  get(key: string): Promise<StoredBlob | undefined>;
  has(key: string): Promise<boolean>;
  /** Removes the bytes of `key`; removing what is not there is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{64}$/;

/** Whether `key` is a content address (and so can never name a path outside the store). */
export const isBlobKey = (key: string): boolean => KEY.test(key);

export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new Error(`not a blob key: ${JSON.stringify(key.slice(0, 80))}`);
}

export class BlobKeyMismatch extends Error {
  override name = 'BlobKeyMismatch';
}

/**
 * Bytes held in memory: for tests and tools that build the app without a data folder. The
 * server itself always passes the file store (see main.ts).
 */
export function createMemoryStore(): BlobStore {
  const blobs = new Map<string, Buffer>();
  return {
    async put(key, source) {
      assertBlobKey(key);
      const chunks: Buffer[] = [];
      for await (const chunk of source) chunks.push(Buffer.from(chunk as Uint8Array));
      const bytes = Buffer.concat(chunks);
      if (createHash('sha256').update(bytes).digest('hex') !== key) throw new BlobKeyMismatch(key);
      if (!blobs.has(key)) blobs.set(key, bytes);
    },
    get(key) {
      const bytes = isBlobKey(key) ? blobs.get(key) : undefined;
      return Promise.resolve(bytes && { stream: Readable.from([bytes]), size: bytes.length });
    },
    has(key) {
      return Promise.resolve(blobs.has(key));
    },
    delete(key) {
      blobs.delete(key);
      return Promise.resolve();
    },
  };
}
