import { describe, expect, it } from 'vitest';
import {
  failedRowsCsv,
  isTabular,
  parseQuickOrderText,
  rowProblem,
} from '../../src/web/components/quick-order/quick-order-csv';

describe('quick order rows from pasted text and CSV files', () => {
  it('reads spreadsheet rows (tab-separated, Windows line ends) and CSV rows alike', () => {
    expect(parseQuickOrderText('T1\t4\r\n265/65R17 112H\t2\r\n')).toEqual([
      { query: 'T1', quantity: '4' },
      { query: '265/65R17 112H', quantity: '2' },
    ]);
    expect(parseQuickOrderText('T1,4\n2656517, 2\n')).toEqual([
      { query: 'T1', quantity: '4' },
      { query: '2656517', quantity: '2' },
    ]);
  });

  it('skips a header row, blank lines and further columns; a missing quantity stays empty to be filled in', () => {
    expect(parseQuickOrderText('SKU,Qty,Note\nT1,4,front\n\n"Road One, 17""",\nW1')).toEqual([
      { query: 'T1', quantity: '4' },
      { query: 'Road One, 17"', quantity: '' },
      { query: 'W1', quantity: '' },
    ]);
  });

  it('tells pasted rows from one pasted query', () => {
    expect(isTabular('T1\t4')).toBe(true);
    expect(isTabular('T1\nT2')).toBe(true);
    expect(isTabular('T1,4')).toBe(true);
    expect(isTabular('265/65R17 112H')).toBe(false);
    expect(isTabular('Road One, Bravo')).toBe(false);
  });

  it('writes the rows to correct with why, in a file the pad reads back', () => {
    const rows = [
      { id: 1, query: 'flux', quantity: '1', result: { status: 'NotFound' as const, query: 'flux', quantity: 1 } },
      { id: 2, query: 'T1, front', quantity: 'x', result: null },
    ];
    const csv = failedRowsCsv(rows);
    expect(csv).toBe(
      'query,quantity,result\r\nflux,1,No product matches.\r\n"T1, front",x,"Enter a quantity from 1 to 9,999."',
    );
    expect(parseQuickOrderText(csv)).toEqual([
      { query: 'flux', quantity: '1' },
      { query: 'T1, front', quantity: 'x' },
    ]);
    expect(rowProblem({ id: 3, query: ' ', quantity: '1', result: null })).toBe('Type a SKU, tyre size or wheel code.');
  });
});
