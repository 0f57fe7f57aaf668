import type { Readable } from 'node:stream';

/**
 * A file as it arrived, whole, staged by the transport (http/multipart.ts) until the answer is
 * sent; the attachment service reads it from here, so it never depends on the transport.
 */
export interface ReceivedFile {
  /** The name the client sent (its last path part): untrusted, sanitise before storing it. */
  filename: string;
  /** The type the client claimed: never trusted, the bytes say what the file is. */
  claimedType: string;
  size: number;
  /** Reads the bytes, all or `start`..`end` (inclusive), as often as needed. */
  open(range?: { start: number; end: number }): Readable;
}
