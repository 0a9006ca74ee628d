import Papa from 'papaparse';
import { type QuickOrderRow, type TypedLine, rowQuantity } from '../../../../machines/quick-order';
import { cellAsWritten, csvFile } from '../../../domain/csv-file';

/**
 * A header row names its columns ('query,quantity', 'SKU,Qty'): its quantity cell holds no digit, where every real
 * row's does (or is empty, to be filled in on the pad).
 */
function isHeader(cells: readonly string[]): boolean {
  const quantity = cells[1]?.trim() ?? '';
  return quantity !== '' && !/\d/.test(quantity);
}

/**
 * Rows pasted from a spreadsheet (tab-separated) or read from a CSV file (comma-separated): query, then quantity,
 * with or without a header row. Blank lines are skipped; further columns are ignored.
 */
export function parseQuickOrderText(text: string): TypedLine[] {
  const { data } = Papa.parse<string[]>(text.trim(), { skipEmptyLines: 'greedy', delimitersToGuess: ['\t', ',', ';'] });
  const rows = data.filter((cells) => cells.some((cell) => cell.trim() !== ''));
  const body = rows[0] && isHeader(rows[0]) ? rows.slice(1) : rows;
  return body.map((cells) => ({
    query: cellAsWritten(cells[0] ?? '').trim(),
    quantity: cellAsWritten(cells[1] ?? '').trim(),
  }));
}

/** Whether pasted text is rows (cells split by tabs, lines, or 'query,quantity') rather than one query typed in. */
export function isTabular(text: string): boolean {
  const trimmed = text.trim();
  return /[\t\n]/.test(trimmed) || /^[^,]+,\s*\d+$/.test(trimmed);
}

/** What a row still needs, in words (the row's status on the pad and the result column of the download). */
export function rowProblem(row: QuickOrderRow): string | null {
  if (row.query.trim() === '') return 'Type a SKU, tyre size or wheel code.';
  if (rowQuantity(row.quantity) === null) return 'Enter a quantity from 1 to 9,999.';
  switch (row.result?.status) {
    case 'NotFound':
      return 'No product matches.';
    case 'Ambiguous':
      return `${row.result.matchCount} products match: choose one.`;
    case 'ShortStock':
      return row.result.available === 0 ? 'Out of stock.' : `Only ${row.result.available} in stock.`;
    default:
      return null;
  }
}

/** The rows still to be corrected, as a CSV the pad reads back (query, quantity, and why each failed). */
export function failedRowsCsv(rows: readonly QuickOrderRow[]): string {
  return csvFile([
    ['query', 'quantity', 'result'],
    ...rows.map((row) => [row.query, row.quantity, rowProblem(row) ?? '']),
  ]);
}
