/**
 * Text a spreadsheet takes for a formula (=, +, -, @) or that hides one behind a tab or a carriage return. A cell the
 * shop writes from what someone typed (a quick order row, an importer's rejected line) must never start one: opened
 * in Excel, `=HYPERLINK(…)` becomes a link and `=cmd|…` a command.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED_FORMULA_START = /^'[=+\-@\t\r]/;

/** The cell as a spreadsheet must show it: text that would start a formula gets an apostrophe in front (OWASP's rule). */
export function spreadsheetSafeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell of a file the shop wrote, read back as it was before spreadsheetSafeCell. */
export function cellAsWritten(value: string): string {
  return ESCAPED_FORMULA_START.test(value) ? value.slice(1) : value;
}

function quoted(cell: string): string {
  return /[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** Every CSV the shop writes, browser or server: comma-separated, CRLF between rows, every cell spreadsheet-safe. */
export function csvFile(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map((cell) => quoted(spreadsheetSafeCell(cell))).join(',')).join('\r\n');
}
