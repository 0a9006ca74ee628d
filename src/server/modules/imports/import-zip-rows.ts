import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { FileRow } from './import-file-rows';

/**
 * The bounds that keep a zip bomb out: an entry's bytes are counted as they are inflated (a header may lie about its
 * size), so no entry takes more memory than this, and a zip may hold only so many entries.
 */
export const MAX_ZIP_ENTRY_BYTES = 20 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 100_000;

const TOO_LARGE = `is larger than ${MAX_ZIP_ENTRY_BYTES / (1024 * 1024)} MB`;

class EntryTooLarge extends Error {}

/** Folders, and the hidden files archivers add beside the real ones (macOS's __MACOSX/._NAME, .DS_Store). */
function isNoise(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return name.endsWith('/') || base.startsWith('.') || name.startsWith('__MACOSX/');
}

/** An entry's bytes, refused once more than the bound have been inflated. */
async function entryBytes(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const stream: Readable = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > MAX_ZIP_ENTRY_BYTES) throw new EntryTooLarge();
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}

/** Why an entry cannot be read, in the words of a refused row; null when it can be. */
function unreadableEntry(entry: Entry): string | null {
  if (entry.uncompressedSize > MAX_ZIP_ENTRY_BYTES) return TOO_LARGE;
  if (entry.isEncrypted()) return 'is encrypted';
  if (!entry.canDecodeFileData()) return 'is compressed with a method other than deflate';
  return null;
}

/**
 * A zip's entries as rows, in the zip's order: `line` is the entry's position in the zip (the first is 1, folders
 * counted), the cells its name (`file`) and bytes (`content`). Folders and archivers' hidden files are not rows. Read
 * from the file on disk an entry at a time, so memory is bounded by one entry.
 */
export async function* zipEntryRows(path: string): AsyncGenerator<FileRow> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(path);
  } catch (error) {
    throw new Error(`The file is not a zip that can be read (${error instanceof Error ? error.message : error}).`, {
      cause: error,
    });
  }
  if (zip.entryCount > MAX_ZIP_ENTRIES) {
    zip.close();
    throw new Error(`The zip has ${zip.entryCount} entries; at most ${MAX_ZIP_ENTRIES} are read.`);
  }
  let line = 0;
  const entries = zip.eachEntry();
  try {
    for (;;) {
      let next: IteratorResult<Entry>;
      try {
        next = await entries.next();
      } catch (error) {
        throw new Error(
          `The zip cannot be read past entry ${line} (${error instanceof Error ? error.message : error}).`,
          { cause: error },
        );
      }
      if (next.done) return;
      const entry = next.value;
      line += 1;
      if (isNoise(entry.fileName)) continue;
      const refused = unreadableEntry(entry);
      if (refused) {
        yield { line, unreadable: refused, column: 'file', value: entry.fileName };
        continue;
      }
      let content: Buffer;
      try {
        content = await entryBytes(zip, entry);
      } catch (error) {
        const reason =
          error instanceof EntryTooLarge
            ? TOO_LARGE
            : `cannot be read (${error instanceof Error ? error.message : String(error)})`;
        yield { line, unreadable: reason, column: 'file', value: entry.fileName };
        continue;
      }
      yield { line, cells: { file: entry.fileName, content } };
    }
  } finally {
    // A reader that stops early (a cancelled job) leaves the zip open otherwise.
    if (zip.isOpen) zip.close();
  }
}
