import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countLineEnds, progressLine } from '../../src/server/modules/imports/progress-bar';

/** The command line's progress: a bar of thirty marks with the share and the rows, or the rows alone. */
describe('the import progress bar', () => {
  it('fills the bar in proportion to the rows done, in en-AU figures', () => {
    expect(progressLine('validating', 52_000, 100_000)).toBe(
      'validating [################..............]  52% 52,000 of 100,000 rows',
    );
    expect(progressLine('applying', 0, 4)).toBe('applying   [..............................]   0% 0 of 4 rows');
    expect(progressLine('applying', 4, 4)).toBe('applying   [##############################] 100% 4 of 4 rows');
  });

  it('never passes 100% when the estimate was short, and shows the rows alone without a total', () => {
    expect(progressLine('validating', 1_200, 1_000)).toBe(
      'validating [##############################] 100% 1,200 of 1,000 rows',
    );
    expect(progressLine('validating', 1_500, null)).toBe('validating 1,500 rows');
  });

  it('counts the line ends of a file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'yhi-lines-'));
    try {
      const file = path.join(dir, 'rows.csv');
      await writeFile(file, 'sku,warehouse,quantity\r\nA,SYD,1\nB,SYD,2\nC,SYD,3');
      expect(await countLineEnds(file)).toBe(3);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
