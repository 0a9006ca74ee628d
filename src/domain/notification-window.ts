export interface DisplayWindow {
  readonly startDate: string | null;
  readonly endDate: string | null;
}

/** SPEC.md §5: a notification shows only while now is within its start and end dates; either end may be open. */
export function isWithinDisplayWindow(window: DisplayWindow, now: Date): boolean {
  const time = now.getTime();
  if (window.startDate !== null && Date.parse(window.startDate) > time) return false;
  if (window.endDate !== null && Date.parse(window.endDate) < time) return false;
  return true;
}
