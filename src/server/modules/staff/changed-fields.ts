/**
 * Only what changed between two sets of a subject's fields, before and after, so an audit entry says what the member
 * did and nothing else. Fields compare by value (===): give them as the API names them, dates as ISO text.
 */
export function changedFields(
  was: Readonly<Record<string, unknown>>,
  is: Readonly<Record<string, unknown>>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = Object.keys(is).filter((key) => was[key] !== is[key]);
  return {
    before: Object.fromEntries(changed.map((key) => [key, was[key]])),
    after: Object.fromEntries(changed.map((key) => [key, is[key]])),
  };
}
