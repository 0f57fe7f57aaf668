import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, BlobKeyMismatch, isBlobKey, type BlobStore } from './blob-store.js';

const isMissing = (error: unknown) => (error as { code?: unknown }).code === 'ENOENT';

/**
 * Attachment bytes as files under `dir` (DATA_DIR/attachments): `ab/abcdef…` by the first two
 * hex digits of the key, so no folder holds more than a few thousand files. A write goes to
 * `tmp/` first and is renamed into place once its hash is checked, so a crash or a refused
 * upload never leaves part of a file under a key. A crash can leave a file in `tmp/`; it is
 * safe to delete while no server writes.
 */
export function createFileStore(dir: string): BlobStore {
  const root = path.resolve(dir);
  const tmp = path.join(root, 'tmp');
  const pathOf = (key: string) => {
    assertBlobKey(key);
    return path.join(root, key.slice(0, 2), key);
  };

  return {
    async put(key, source: Readable) {
      const target = pathOf(key);
      await mkdir(tmp, { recursive: true });
      const temp = path.join(tmp, `${randomBytes(12).toString('hex')}.part`);
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, hashing, createWriteStream(temp, { flags: 'wx' }));
        if (hash.digest('hex') !== key) throw new BlobKeyMismatch(key);
        await mkdir(path.dirname(target), { recursive: true });
        // Atomic on one file system; a concurrent put of the same bytes renames identical
        // content over it, which readers cannot tell apart.
        await rename(temp, target);
      } finally {
        await rm(temp, { force: true });
      }
    },

    async get(key) {
      if (!isBlobKey(key)) return undefined;
      try {
        // Opened first: a file deleted after this still reads to the end (POSIX keeps it).
        const handle = await open(pathOf(key), 'r');
        try {
          const { size } = await handle.stat();
          return { stream: handle.createReadStream(), size };
        } catch (error) {
          await handle.close();
          throw error;
        }
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async has(key) {
      try {
        await stat(pathOf(key));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
