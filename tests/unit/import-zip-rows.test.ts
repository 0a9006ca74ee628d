import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { FileRow } from '../../src/server/modules/imports/import-file-rows';
import { zipEntryRows } from '../../src/server/modules/imports/import-zip-rows';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'yhi-import-zip-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes a zip of the entries given (no content: a folder) and answers its path. */
async function zipFile(entries: readonly { name: string; content?: string; stored?: boolean }[]): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const { name, content, stored } of entries) {
    if (content === undefined) zip.addEmptyDirectory(name);
    else zip.addBuffer(Buffer.from(content), name, { compress: !stored });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(file, Buffer.concat(chunks));
  return file;
}

async function rowsOf(file: string, maxEntries?: number): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for await (const row of zipEntryRows(file, maxEntries)) rows.push(row);
  return rows;
}

describe('reading a zip as rows', () => {
  it('gives each file its position in the zip as its line, folders counted, archivers’ hidden files left out', async () => {
    const file = await zipFile([
      { name: 'pictures/' },
      { name: 'pictures/A1.jpg', content: 'one' },
      { name: '__MACOSX/pictures/._A1.jpg', content: 'fork' },
      { name: 'pictures/.DS_Store', content: 'finder' },
      { name: 'B2.PNG', content: 'two', stored: true },
    ]);
    expect(await rowsOf(file)).toEqual([
      { line: 2, cells: { file: 'pictures/A1.jpg', content: Buffer.from('one') } },
      { line: 5, cells: { file: 'B2.PNG', content: Buffer.from('two') } },
    ]);
  });

  it('refuses a zip with more entries than the bound before reading any', async () => {
    const file = await zipFile([
      { name: 'A.jpg', content: 'a' },
      { name: 'B.jpg', content: 'b' },
      { name: 'C.jpg', content: 'c' },
    ]);
    await expect(rowsOf(file, 2)).rejects.toThrow('The zip has 3 entries; at most 2 are read.');
  });

  it('refuses a file that is not a zip, saying so', async () => {
    const file = path.join(dir, 'not.zip');
    await writeFile(file, 'sku,warehouse,quantity\n');
    await expect(rowsOf(file)).rejects.toThrow(/^The file is not a zip that can be read/);
  });
});
