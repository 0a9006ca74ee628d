/**
 * Request field names are case-insensitive (DESIGN.md §4). Besides case, these second spellings of SPEC.md §3 are read
 * as the field they name, wherever a request has that field.
 */
export const FIELD_SPELLINGS: Readonly<Record<string, string>> = {
  refresherToken: 'refreshToken',
};
