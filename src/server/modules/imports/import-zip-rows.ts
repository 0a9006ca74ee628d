import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { FileRow } from './import-file-rows';

/**
 * The bounds that keep a zip bomb out: no entry may declare more bytes than this, and its bytes are counted as they
 * are inflated (a header may lie), so no entry takes more memory; and a zip may hold only so many entries.
 */
export const MAX_ZIP_ENTRY_BYTES = 20 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 100_000;

const TOO_LARGE = `is larger than ${MAX_ZIP_ENTRY_BYTES / (1024 * 1024)} MB`;

/** An entry refused while it is read, with the reason in the words of a refused row. */
class EntryRefused extends Error {}

/** Folders, and the hidden files archivers add beside the real ones (macOS's __MACOSX/._NAME, .DS_Store). */
function isNoise(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return name.endsWith('/') || base.startsWith('.') || name.startsWith('__MACOSX/');
}

/**
 * An entry's bytes, counted as they are inflated: refused once past the size its header declares (already checked to
 * be within the bound), so a header that lies cannot make it take more, and when it ends short of that size.
 */
async function entryBytes(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const stream: Readable = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > entry.uncompressedSize) throw new EntryRefused('is larger than its zip header says');
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  if (bytes < entry.uncompressedSize) throw new EntryRefused('is smaller than its zip header says');
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
export async function* zipEntryRows(path: string, maxEntries: number = MAX_ZIP_ENTRIES): AsyncGenerator<FileRow> {
  let zip: ZipFile;
  try {
    // Entry sizes are checked as each entry is read (entryBytes), with reasons of their own.
    zip = await yauzl.openPromise(path, { validateEntrySizes: false });
  } catch (error) {
    throw new Error(`The file is not a zip that can be read (${error instanceof Error ? error.message : error}).`, {
      cause: error,
    });
  }
  if (zip.entryCount > maxEntries) {
    zip.close();
    throw new Error(`The zip has ${zip.entryCount} entries; at most ${maxEntries} are read.`);
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
          error instanceof EntryRefused
            ? error.message
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
