import { createHash, randomUUID } from 'node:crypto';
import type { Executor } from '../../db/executor.js';
import { ApiError, FieldError } from '../../errors.js';
import type { ReceivedFile } from '../../storage/received-file.js';
import type { BlobStore, StoredBlob } from '../../storage/blob-store.js';
import * as data from './attachment.data.js';
import { attachmentAddress, isInline, toCmsAttachment } from './attachment-view.js';
import { createTextCheck, HEAD_BYTES, kindFromHead, textKindOf, type FileKind } from './file-kind.js';
import { sanitiseFileName } from './file-name.js';

export interface AttachmentServiceDeps {
  db: Executor;
  store: BlobStore;
  /** The largest upload, in bytes (ATTACHMENT_MAX_BYTES). */
  maxBytes: number;
}

export interface AttachmentDownload extends StoredBlob {
  name: string;
  mime: string;
  sha256: string;
  /** A raster image a browser may show in the page; everything else is a download. */
  inline: boolean;
}

async function readHead(file: ReceivedFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.open({ start: 0, end: HEAD_BYTES - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One pass over the bytes: their SHA-256, and whether they are text (only asked for text kinds). */
async function digest(file: ReceivedFile, checkText: boolean): Promise<{ sha256: string; text: boolean }> {
  const hash = createHash('sha256');
  const text = checkText ? createTextCheck() : undefined;
  for await (const chunk of file.open()) {
    hash.update(chunk as Buffer);
    text?.push(chunk as Buffer);
  }
  return { sha256: hash.digest('hex'), text: text?.end() ?? false };
}

/**
 * Attachments: files uploaded from the CMS, linked from documents as `attachment:<id>`. The
 * kind is read from the bytes (file-kind.ts); the bytes are stored once per content in the
 * blob store, and removed from it with the last row that has them.
 */
export function createAttachmentService({ db, store, maxBytes }: AttachmentServiceDeps) {
  return {
    maxBytes,

    async upload(file: ReceivedFile, input: { resourceId?: string | undefined; uploadedBy: string }) {
      if (file.size === 0) throw new FieldError([{ field: 'file', reason: 'required' }]);
      const binary = kindFromHead(await readHead(file));
      const claimedText = binary ? undefined : textKindOf(sanitiseFileName(file.filename, ''));
      if (!binary && !claimedText) throw new ApiError('unsupportedFileType');
      const { sha256, text } = await digest(file, claimedText !== undefined);
      const kind: FileKind | undefined = binary ?? (text ? claimedText : undefined);
      if (!kind) throw new ApiError('unsupportedFileType');

      if (input.resourceId !== undefined && !(await data.resourceExists(db, input.resourceId))) {
        throw new ApiError('resourceNotFound');
      }
      // Usually already there or written here, outside any transaction: a 20 MB copy must not
      // hold the database (the embedded one has a single connection).
      if (!(await store.has(sha256))) await store.put(sha256, file.open());
      const row = await db.transaction().execute(async (trx) => {
        await data.lockContent(trx, sha256);
        // A removal of the last row with these bytes may have deleted them in between.
        if (!(await store.has(sha256))) await store.put(sha256, file.open());
        return data.insertAttachment(trx, {
          id: randomUUID(),
          resource_id: input.resourceId ?? null,
          name: sanitiseFileName(file.filename, 'attachment'),
          mime: kind.mime,
          size: file.size,
          storage_key: sha256,
          sha256,
          uploaded_by: input.uploadedBy,
        });
      });
      return toCmsAttachment(row, attachmentAddress);
    },

    /** Refused while a document's body links to it; the bytes go with the last row that has them. */
    async remove(id: string): Promise<{ _id: string }> {
      const found = await data.findAttachment(db, id);
      if (!found) throw new ApiError('attachmentNotFound');
      await db.transaction().execute(async (trx) => {
        await data.lockContent(trx, found.storage_key);
        const linkedFrom = await data.resourceLinkingTo(trx, id);
        if (linkedFrom !== undefined) throw new ApiError('attachmentInUse', {}, { resource_id: linkedFrom });
        if (!(await data.deleteAttachment(trx, id))) throw new ApiError('attachmentNotFound');
        // Last, under the lock: an upload of the same bytes waits, then finds them gone and
        // writes them again.
        if (!(await data.contentInUse(trx, found.storage_key))) await store.delete(found.storage_key);
      });
      return { _id: id };
    },

    /**
     * Deletes the stored bytes behind `keys` that no attachment row has any more: called once
     * the rows went with their resource (the foreign key cascades), after that commit, so a
     * rolled-back removal never loses a file a row still names.
     */
    async dropUnusedContent(keys: readonly string[]): Promise<number> {
      let dropped = 0;
      for (const key of new Set(keys)) {
        await db.transaction().execute(async (trx) => {
          await data.lockContent(trx, key);
          if ((await data.contentInUse(trx, key)) || !(await store.has(key))) return;
          await store.delete(key);
          dropped += 1;
        });
      }
      return dropped;
    },

    /** The bytes of an attachment and how to send them, or undefined for an unknown id. */
    async download(id: string): Promise<AttachmentDownload | undefined> {
      const row = await data.findAttachment(db, id);
      const blob = row && (await store.get(row.storage_key));
      if (!row || !blob) return undefined;
      return { ...blob, name: row.name, mime: row.mime, sha256: row.storage_key, inline: isInline(row.mime) };
    },
  };
}

export type AttachmentService = ReturnType<typeof createAttachmentService>;
