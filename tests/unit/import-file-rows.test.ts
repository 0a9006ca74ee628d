import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileRow, type ImportFormat, readFileRows } from '../../src/server/modules/imports/import-file-rows';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'yhi-import-rows-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function rowsOf(content: string | Buffer, format: ImportFormat = 'csv'): Promise<FileRow[]> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.${format}`);
  await writeFile(file, content);
  const rows: FileRow[] = [];
  for await (const row of readFileRows(file, format)) rows.push(row);
  return rows;
}

describe('reading an import file', () => {
  it.each([
    ['commas', 'SKU,Warehouse,Quantity\nA1,PERTH,4\n'],
    ['semicolons', 'SKU;Warehouse;Quantity\nA1;PERTH;4\n'],
    ['tabs', 'SKU\tWarehouse\tQuantity\nA1\tPERTH\t4\n'],
    ['a byte order mark and CRLF line ends', '\ufeffSKU,Warehouse,Quantity\r\nA1,PERTH,4\r\n'],
  ])('takes CSV with %s, column names in any case', async (_name, content) => {
    expect(await rowsOf(content)).toEqual([{ line: 2, cells: { sku: 'A1', warehouse: 'PERTH', quantity: '4' } }]);
  });

  it('numbers each row by the line it starts on (header line 1), past empty lines and quoted line breaks', async () => {
    const rows = await rowsOf('sku,note\r\nA,one\r\n\r\n"B","two\r\nlines"\r\nC,three\r\n');
    expect(rows.map((row) => row.line)).toEqual([2, 4, 6]);
  });

  it('keeps a column named __proto__ as a plain key', async () => {
    const [row] = await rowsOf('sku,__proto__\nA,polluted\n');
    expect(row && 'cells' in row && Object.getPrototypeOf(row.cells)).toBe(Object.prototype);
    expect(row && 'cells' in row && Object.keys(row.cells)).toEqual(['sku', '__proto__']);
  });

  it('reads JSON Lines, refusing a line that is not a JSON object and skipping blank ones', async () => {
    const rows = await rowsOf('{"SKU":"A","quantity":4}\n\n[1]\n{oops\n{"sku":"B","quantity":"5"}', 'jsonl');
    expect(rows).toEqual([
      { line: 1, cells: { sku: 'A', quantity: 4 } },
      { line: 3, unreadable: 'the line is not a JSON object' },
      { line: 4, unreadable: 'the line is not JSON' },
      { line: 5, cells: { sku: 'B', quantity: '5' } },
    ]);
  });

  it('refuses a line longer than 64 KB without holding it, and goes on with the next', async () => {
    const rows = await rowsOf(`{"sku":"${'x'.repeat(70_000)}"}\n{"sku":"B"}\n`, 'jsonl');
    expect(rows).toEqual([
      { line: 1, unreadable: 'the line is longer than 64 KB' },
      { line: 2, cells: { sku: 'B' } },
    ]);
  });

  it('stops at a CSV record past 64 KB and says where', async () => {
    const rows = await rowsOf(`sku,note\nA,short\nB,"${'x'.repeat(70_000)}"\n`);
    expect(rows[0]).toEqual({ line: 2, cells: { sku: 'A', note: 'short' } });
    expect(rows[1]).toMatchObject({ line: 3, unreadable: expect.any(String) });
  });
});
