// Public holidays on which warehouses neither dispatch nor deliver, per state, as data: national days listed once
// and each state's own days beside them. Days that always fall on a weekend are left out (no business day is lost).
// Kept by hand from the states' published lists; add each coming year before it starts (docs/delivery-promise.md).

const NATIONAL = [
  '2026-01-01',
  '2026-01-26',
  '2026-04-03',
  '2026-04-06',
  '2026-12-25',
  '2026-12-28',
  '2027-01-01',
  '2027-01-26',
  '2027-03-26',
  '2027-03-29',
  '2027-12-27',
  '2027-12-28',
];

const BY_STATE: Readonly<Record<string, readonly string[]>> = {
  NSW: ['2026-06-08', '2026-10-05', '2027-06-14', '2027-10-04'],
  ACT: ['2026-03-09', '2026-06-01', '2026-06-08', '2026-10-05', '2027-03-08', '2027-05-31', '2027-06-14', '2027-10-04'],
  VIC: ['2026-03-09', '2026-06-08', '2026-09-25', '2026-11-03', '2027-03-08', '2027-06-14', '2027-09-24', '2027-11-02'],
  QLD: ['2026-05-04', '2026-10-05', '2027-05-03', '2027-10-04'],
  SA: ['2026-03-09', '2026-06-08', '2026-10-05', '2027-03-08', '2027-06-14', '2027-10-04'],
  WA: ['2026-03-02', '2026-04-27', '2026-06-01', '2026-09-28', '2027-03-01', '2027-04-26', '2027-06-07', '2027-09-27'],
  TAS: ['2026-03-09', '2026-06-08', '2027-03-08', '2027-06-14'],
  NT: ['2026-05-04', '2026-06-08', '2026-08-03', '2027-05-03', '2027-06-14', '2027-08-02'],
};

const HOLIDAYS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(BY_STATE).map(([state, days]) => [state, new Set([...NATIONAL, ...days])]),
);
const NATIONAL_ONLY: ReadonlySet<string> = new Set(NATIONAL);

/** Whether a calendar date ('YYYY-MM-DD') is a public holiday in the state. */
export function isPublicHoliday(state: string, date: string): boolean {
  return (HOLIDAYS.get(state) ?? NATIONAL_ONLY).has(date);
}
