/** An ILIKE pattern matching text that contains `search` as typed: its %, _ and \ match themselves. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
