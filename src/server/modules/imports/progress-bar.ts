import { createReadStream } from 'node:fs';

const BAR_WIDTH = 30;

/**
 * The line the command line redraws as a job goes: `validating [#########.....] 52% 52,000 of 100,000 rows`, or the
 * rows alone when the total is not known.
 */
export function progressLine(step: string, rows: number, total: number | null): string {
  const count = rows.toLocaleString('en-AU');
  if (total === null || total <= 0) return `${step} ${count} rows`;
  const share = Math.min(1, rows / total);
  const filled = Math.round(share * BAR_WIDTH);
  return `${step.padEnd(10)} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(share * 100)).padStart(3)}% ${count} of ${total.toLocaleString('en-AU')} rows`;
}

/** The line ends in a file, read as a stream: the rows a CSV or JSON Lines file holds, near enough for a bar. */
export async function countLineEnds(path: string): Promise<number> {
  let count = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) count += 1;
  }
  return count;
}
