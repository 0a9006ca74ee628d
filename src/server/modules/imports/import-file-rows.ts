import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import { zipEntryRows } from './import-zip-rows';

/**
 * The formats the importer reads: CSV (UTF-8, a header row, comma, semicolon or tab), JSON Lines, and zip (each entry
 * a row).
 */
export type ImportFormat = 'csv' | 'jsonl' | 'zip';

/** One row of a file, keyed by its (normalised) column names, with the file's own line number. */
export type FileRow =
  | { readonly line: number; readonly cells: Readonly<Record<string, unknown>> }
  /**
   * A line that is not a row at all (malformed JSON, a record too long): it is refused as a whole, or by the column
   * and value given (a zip entry too large to read, by its name).
   */
  | { readonly line: number; readonly unreadable: string; readonly column?: string; readonly value?: string };

/** The longest row read: a real row is a few hundred bytes; anything longer is refused, so memory stays bounded. */
export const MAX_ROW_BYTES = 64 * 1024;
const SNIFF_BYTES = 64 * 1024;
const DELIMITERS = [',', ';', '\t'] as const;

/** Column names as people write them ('SKU', 'Min Quantity', 'valid-from') in the schema's spelling. */
export function normaliseColumnName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** The delimiter of a CSV file: whichever of comma, semicolon and tab its header line has most of, outside quotes. */
export function sniffDelimiter(headerLine: string): (typeof DELIMITERS)[number] {
  const counts = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return DELIMITERS.reduce((best, delimiter) =>
    (counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0) ? delimiter : best,
  );
}

async function firstLineOf(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    return text.split('\n', 1)[0] ?? '';
  } finally {
    await handle.close();
  }
}

/** CRLF line ends as LF, so every line end counts once (a CR split from its LF across chunks included). */
class LineEnds extends Transform {
  private pendingCr = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let text = chunk.toString('latin1');
    if (this.pendingCr) text = `\r${text}`;
    this.pendingCr = text.endsWith('\r');
    if (this.pendingCr) text = text.slice(0, -1);
    done(null, Buffer.from(text.replace(/\r\n/g, '\n'), 'latin1'));
  }

  override _flush(done: TransformCallback): void {
    done(null, this.pendingCr ? Buffer.from('\r', 'latin1') : null);
  }
}

const newlines = (text: string) => text.split('\n').length - 1;
const leadingNewlines = (text: string) => text.length - text.replace(/^\n+/, '').length;

async function* csvRows(path: string): AsyncGenerator<FileRow> {
  const delimiter = sniffDelimiter(await firstLineOf(path));
  const parser = createReadStream(path)
    .pipe(new LineEnds())
    .pipe(
      parse({
        delimiter,
        bom: true,
        skip_empty_lines: true,
        relax_column_count: true,
        max_record_size: MAX_ROW_BYTES,
        raw: true,
      }),
    );
  // Each record's raw text starts after the previous record's line end and takes any empty lines before it, so the
  // line a record starts on is 1 plus the line ends before it.
  let lineEndsBefore = 0;
  let columns: string[] | null = null;
  try {
    for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      const line = 1 + lineEndsBefore + leadingNewlines(raw);
      lineEndsBefore += newlines(raw);
      if (columns === null) {
        columns = record.map(normaliseColumnName);
        continue;
      }
      // Built from entries, so a column named '__proto__' is a key like any other, never the row's prototype.
      const header = columns;
      yield {
        line,
        cells: Object.fromEntries(
          record.flatMap((cell, index) => (index < header.length ? [[header[index], cell]] : [])),
        ),
      };
    }
  } catch (error) {
    // A malformed file (an unclosed quote, a record past the size bound) stops the reading where it broke.
    yield { line: 1 + lineEndsBefore, unreadable: error instanceof Error ? error.message : String(error) };
  }
}

/** Splits a stream into lines, refusing (not buffering) a line longer than the bound. */
async function* linesOf(path: string): AsyncGenerator<{ line: number; text: string | null }> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let tooLong = false;
  let line = 1;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, end);
      const text = tooLong || pendingBytes + piece.length > MAX_ROW_BYTES ? null : Buffer.concat([...pending, piece]);
      yield { line, text: text === null ? null : text.toString('utf8').replace(/\r$/, '') };
      line += 1;
      pending = [];
      pendingBytes = 0;
      tooLong = false;
      start = end + 1;
    }
    const rest = chunk.subarray(start);
    if (pendingBytes + rest.length > MAX_ROW_BYTES) {
      tooLong = true;
      pending = [];
      pendingBytes = 0;
    } else if (!tooLong) {
      pending.push(rest);
      pendingBytes += rest.length;
    }
  }
  if (tooLong) yield { line, text: null };
  else if (pendingBytes > 0) yield { line, text: Buffer.concat(pending).toString('utf8').replace(/\r$/, '') };
}

async function* jsonLinesRows(path: string): AsyncGenerator<FileRow> {
  for await (const { line, text } of linesOf(path)) {
    if (text === null) {
      yield { line, unreadable: `the line is longer than ${MAX_ROW_BYTES / 1024} KB` };
      continue;
    }
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      yield { line, unreadable: 'the line is not JSON' };
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      yield { line, unreadable: 'the line is not a JSON object' };
      continue;
    }
    // Own, normalised keys only: '__proto__' in a file is a column like any other, never an object's prototype.
    const cells = new Map<string, unknown>();
    for (const [key, cell] of Object.entries(value)) cells.set(normaliseColumnName(key), cell);
    yield { line, cells: Object.fromEntries(cells) };
  }
}

/** Reads a file's rows as a stream: memory stays bounded by one row, whatever the file's size. */
export function readFileRows(path: string, format: ImportFormat): AsyncGenerator<FileRow> {
  switch (format) {
    case 'csv':
      return csvRows(path);
    case 'jsonl':
      return jsonLinesRows(path);
    case 'zip':
      return zipEntryRows(path);
  }
}
