/** Cents as the decimal string payment providers exchange: 12345 → '123.45'. */
export function decimalAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A provider's decimal string back to cents ('123.45' → 12345); null when it is not one. */
export function centsOfDecimal(amount: string): number | null {
  const match = /^(\d{1,9})\.(\d{2})$/.exec(amount);
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}
