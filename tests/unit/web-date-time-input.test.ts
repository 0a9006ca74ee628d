import { describe, expect, it } from 'vitest';
import { fromDateTimeInput, toDateTimeInput } from '../../src/web/dates/dates';

/** The notification form's start and end: `datetime-local` values in the browser's zone, instants for the API. */
describe("a date-time input's value and the instant the API takes", () => {
  it('sends the local value as the same instant with its offset, whatever the zone', () => {
    const sent = fromDateTimeInput('2026-11-22T13:05');
    expect(sent).toMatch(/^2026-11-22T13:05:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(sent ?? '')).toBe(new Date(2026, 10, 22, 13, 5).getTime());
  });

  it('shows an instant in the input to the minute and reads it back as the same instant', () => {
    const instant = new Date(2026, 5, 30, 8, 45).toISOString();
    expect(toDateTimeInput(instant)).toBe('2026-06-30T08:45');
    expect(Date.parse(fromDateTimeInput(toDateTimeInput(instant)) ?? '')).toBe(Date.parse(instant));
  });

  it('sends an empty input as an open end and what is not a date as typed, for the API to name', () => {
    expect(fromDateTimeInput('')).toBeNull();
    expect(fromDateTimeInput('  ')).toBeNull();
    expect(fromDateTimeInput('next Tuesday')).toBe('next Tuesday');
  });
});
