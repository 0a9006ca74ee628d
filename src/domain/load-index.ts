/**
 * The load index of a tyre's load rating ('112', '121/118'): its first number. A light-truck rating gives the
 * single-fitment index first and the dual-fitment one second (each tyre of a pair carries less), so the first is the
 * largest load the tyre carries. Null when the text is not a load rating.
 */
export function loadIndexOf(loadRating: string): number | null {
  const match = /^(\d{2,3})(?:\/\d{2,3})?$/.exec(loadRating.trim());
  return match ? Number(match[1]) : null;
}
