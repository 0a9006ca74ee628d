import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';

describe('the embedded database the shop opens', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-buffers-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps a 16 MB buffer cache, not the 128 MB default, which would sit in resident WebAssembly memory', async () => {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      expect(await database.db.execute(sql`show shared_buffers`)).toMatchObject({ rows: [{ shared_buffers: '16MB' }] });
    } finally {
      await database.close();
    }
  }, 60_000);
});
