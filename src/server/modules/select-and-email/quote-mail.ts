import { formatAud } from '../../../domain/money';
import type { QuoteLine } from './quote-lines';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export interface QuoteMailInput {
  readonly reference: string;
  readonly fromAccount: string;
  readonly fromUser: string;
  readonly recipientName: string | undefined;
  readonly note: string | undefined;
  readonly lines: readonly QuoteLine[];
  readonly date: string;
  readonly shopName: string;
  readonly shopPhone: string;
}

function lineTitle(line: QuoteLine): string {
  return line.position ? `${line.position}: ${line.name}` : line.name;
}

function priceText(line: QuoteLine): string {
  if (line.unitCents === null) return 'Price on request';
  return `${formatAud(line.unitCents)} ea (${line.priceLabel}) = ${formatAud(line.unitCents * line.quantity)} excl. GST`;
}

/** The quote as plain text and HTML: one block per chosen entry (a front/rear pair stays together). */
export function quoteMail(input: QuoteMailInput): { subject: string; text: string; html: string } {
  const priced = input.lines.filter((line) => line.unitCents !== null);
  const total = priced.reduce((sum, line) => sum + (line.unitCents ?? 0) * line.quantity, 0);
  const greeting = input.recipientName ? `Hello ${input.recipientName},` : 'Hello,';
  const groups = [...new Set(input.lines.map((line) => line.group))];
  const textBlocks = groups.map((group) =>
    input.lines
      .filter((line) => line.group === group)
      .map(
        (line) =>
          `${group}. ${lineTitle(line)}\n   ${line.size} · SKU ${line.sku} · Qty ${line.quantity}\n   ${priceText(line)}\n   ${line.stock}`,
      )
      .join('\n'),
  );
  const text = [
    greeting,
    '',
    `${input.fromUser} of ${input.fromAccount} sent you this quote (${input.reference}, ${input.date}).`,
    ...(input.note ? ['', input.note] : []),
    '',
    ...textBlocks.flatMap((block) => [block, '']),
    ...(priced.length > 0
      ? [`Total of priced lines: ${formatAud(total)} excl. GST (GST and delivery are added on order).`, '']
      : []),
    `Prices are per item, in AUD, excluding GST. Stock as at ${input.date}; it may change before an order is placed.`,
    '',
    `${input.shopName}, ${input.shopPhone}`,
  ].join('\n');
  const rows = input.lines
    .map(
      (line) => `<tr>
  <td style="padding:6px;border-bottom:1px solid #ddd">${line.group}</td>
  <td style="padding:6px;border-bottom:1px solid #ddd"><strong>${escapeHtml(lineTitle(line))}</strong><br><span style="font-family:monospace">${escapeHtml(line.size)}</span> · SKU ${escapeHtml(line.sku)}</td>
  <td style="padding:6px;border-bottom:1px solid #ddd;text-align:right">${line.quantity}</td>
  <td style="padding:6px;border-bottom:1px solid #ddd;text-align:right">${line.unitCents === null ? 'Price on request' : `${formatAud(line.unitCents)}<br><small>${line.priceLabel} ea excl. GST</small>`}</td>
  <td style="padding:6px;border-bottom:1px solid #ddd;text-align:right">${line.unitCents === null ? '' : formatAud(line.unitCents * line.quantity)}</td>
  <td style="padding:6px;border-bottom:1px solid #ddd">${escapeHtml(line.stock)}</td>
</tr>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d1d1f">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(input.fromUser)} of ${escapeHtml(input.fromAccount)} sent you this quote (${escapeHtml(input.reference)}, ${escapeHtml(input.date)}).</p>
${input.note ? `<p style="white-space:pre-wrap">${escapeHtml(input.note)}</p>` : ''}
<table style="border-collapse:collapse;width:100%;font-size:14px">
<thead><tr><th style="text-align:left;padding:6px">#</th><th style="text-align:left;padding:6px">Product</th><th style="text-align:right;padding:6px">Qty</th><th style="text-align:right;padding:6px">Each</th><th style="text-align:right;padding:6px">Line</th><th style="text-align:left;padding:6px">Stock</th></tr></thead>
<tbody>
${rows}
</tbody>
${priced.length > 0 ? `<tfoot><tr><td colspan="4" style="padding:6px;text-align:right"><strong>Total excl. GST</strong></td><td style="padding:6px;text-align:right"><strong>${formatAud(total)}</strong></td><td></td></tr></tfoot>` : ''}
</table>
<p style="font-size:12px;color:#555">Prices are per item, in AUD, excluding GST. GST and delivery are added on order. Stock as at ${escapeHtml(input.date)}; it may change before an order is placed.</p>
<p>${escapeHtml(input.shopName)}, ${escapeHtml(input.shopPhone)}</p>
</body></html>`;
  return { subject: `Quote ${input.reference} from ${input.fromAccount}`, text, html };
}
