/**
 * What an uploaded file is, read from its bytes rather than its name or the type the browser
 * claimed: a file named `.png` that holds HTML or SVG is refused, not served as an image. A
 * short table of signatures (the first bytes every file of the kind starts with) covers the
 * binary kinds; plain text has none, so it is accepted only as valid UTF-8 without NUL and only
 * when the name says which text it is.
 */

export interface FileKind {
  mime: string;
  /** Shown in the page (raster images only); everything else is downloaded. */
  inline: boolean;
  /** Markdown shows it as an image (`![name](…)`) rather than a link. */
  image: boolean;
}

interface Signature {
  kind: FileKind;
  matches(head: Buffer): boolean;
}

const startsWith =
  (...bytes: number[]) =>
  (head: Buffer) =>
    head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte);

const ascii = (text: string) => Array.from(Buffer.from(text, 'latin1'));

const image = (mime: string): FileKind => ({ mime, inline: true, image: true });
const download = (mime: string): FileKind => ({ mime, inline: false, image: false });

/** How many first bytes the signatures need. */
export const HEAD_BYTES = 16;

const signatures: Signature[] = [
  { kind: image('image/png'), matches: startsWith(0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a) },
  { kind: image('image/jpeg'), matches: startsWith(0xff, 0xd8, 0xff) },
  { kind: image('image/gif'), matches: (h) => startsWith(...ascii('GIF87a'))(h) || startsWith(...ascii('GIF89a'))(h) },
  {
    kind: image('image/webp'),
    // RIFF, four bytes of length, then the form type.
    matches: (h) => startsWith(...ascii('RIFF'))(h) && h.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { kind: download('application/pdf'), matches: startsWith(...ascii('%PDF-')) },
  {
    kind: download('application/zip'),
    // A local file header, or the end record of an empty archive.
    matches: (h) => startsWith(0x50, 0x4b, 0x03, 0x04)(h) || startsWith(0x50, 0x4b, 0x05, 0x06)(h),
  },
];

/** The binary kind the first bytes announce, if any. */
export function kindFromHead(head: Buffer): FileKind | undefined {
  return signatures.find((s) => s.matches(head))?.kind;
}

const textKinds: Record<string, FileKind> = {
  txt: download('text/plain; charset=utf-8'),
  text: download('text/plain; charset=utf-8'),
  md: download('text/markdown; charset=utf-8'),
  markdown: download('text/markdown; charset=utf-8'),
  csv: download('text/csv; charset=utf-8'),
};

/** The text kind a file name's extension claims (checked against the bytes by `createTextCheck`). */
export function textKindOf(name: string): FileKind | undefined {
  const dot = name.lastIndexOf('.');
  if (dot === -1) return undefined;
  const extension = name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(textKinds, extension) ? textKinds[extension] : undefined;
}

/**
 * Checks bytes chunk by chunk (a file is never held whole): valid UTF-8 (a sequence cut between
 * two chunks is fine) and no NUL, which no text a person writes contains.
 */
export function createTextCheck() {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  return {
    push(chunk: Uint8Array): void {
      if (!valid) return;
      if (chunk.includes(0)) {
        valid = false;
        return;
      }
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        valid = false;
      }
    },
    /** Whether everything pushed was text (an unfinished sequence at the end is not). */
    end(): boolean {
      if (!valid) return false;
      try {
        decoder.decode();
        return true;
      } catch {
        return false;
      }
    },
  };
}
