/** A field of a submission as a person reads it in the mail: 'Invoice number: INV-1001'. */
export type SummaryLine = readonly [label: string, value: string];

function humanise(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/Mm$/, '(mm)');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase().replace('(mm)', '(mm)');
}

function scalar(value: unknown): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  return String(value);
}

/** Every filled field of a submission, nested lists numbered ('Items 1 sku: …'), in the order the form sent them. */
export function summarise(payload: Record<string, unknown>, prefix = ''): SummaryLine[] {
  const lines: SummaryLine[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null || value === '') continue;
    const label = `${prefix}${humanise(key)}`;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (typeof item === 'object' && item !== null) {
          lines.push(...summarise(item as Record<string, unknown>, `${label} ${index + 1}: `));
        } else {
          lines.push([`${label} ${index + 1}`, scalar(item)]);
        }
      });
    } else if (typeof value === 'object') {
      lines.push(...summarise(value as Record<string, unknown>, `${label}: `));
    } else {
      lines.push([label, scalar(value)]);
    }
  }
  return lines;
}

export function summaryText(lines: readonly SummaryLine[]): string {
  return lines.map(([label, value]) => `${label}: ${value}`).join('\n');
}
