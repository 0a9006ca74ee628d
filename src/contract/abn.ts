const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * The ATO's ABN check: subtract 1 from the first digit, weight the 11 digits, and the sum must divide by 89.
 * (https://abr.business.gov.au/Help/AbnFormat)
 */
export function isValidAbn(abn: string): boolean {
  const digits = abn.replace(/\s/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce(
    (total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * (ABN_WEIGHTS[index] ?? 0),
    0,
  );
  return sum % 89 === 0;
}
