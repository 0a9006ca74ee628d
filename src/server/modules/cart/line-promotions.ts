/**
 * Buy X get Y free on one line: every complete set of X + Y carries Y free. `remaining` is how many more of the
 * product complete the next set (0 when the line ends on a complete set).
 */
export function buyXGetYFree(
  quantity: number,
  offer: { buy: number; free: number },
): { freeItems: number; remaining: number } {
  const setSize = offer.buy + offer.free;
  if (offer.buy <= 0 || offer.free <= 0) return { freeItems: 0, remaining: 0 };
  const sets = Math.floor(quantity / setSize);
  const open = quantity % setSize;
  return { freeItems: sets * offer.free, remaining: open === 0 ? 0 : setSize - open };
}

/** A percentage (basis points) of an amount in cents, rounded half up to the cent. */
export function basisPointsOf(cents: number, basisPoints: number): number {
  return Math.round((cents * basisPoints) / 10_000);
}
