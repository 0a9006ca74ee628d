const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });

/** An ISO 8601 instant from the API as an en-AU date: '2026-11-22T03:00:00.000Z' → '22 Nov 2026'. */
export function formatDate(instant: string): string {
  return dateFormat.format(new Date(instant));
}
