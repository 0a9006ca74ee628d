import type { Quote } from '../../../contract/quotes';
import { formatShopDate } from '../../dates';
import { A4, LINE_COLUMNS, drawFacts, drawLineHeading, drawTitle, openA4Document } from './a4-document';

/** The name a browser saves the download as: Quote-Q-0042.pdf. */
export function quotePdfFileName(reference: string): string {
  return `Quote-${reference.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

/** The totals start by this height, or on a page of their own. */
const LAST_TOTALS_Y = 640;

/**
 * A tyre shop's quote to its own customer, as an A4 PDF: the shop's own trading name and ABN (never the wholesaler's),
 * the customer and vehicle, each line, GST and the total incl. GST. It draws only the figures of the quote's answer
 * (Quote/Details), so it can carry nothing the page does not. Its page, heading and line table are a4-document.ts's.
 */
export async function renderQuotePdf(quote: Quote): Promise<Buffer> {
  const { doc, bytes } = await openA4Document({ Title: `Quote ${quote.reference}`, Author: quote.shop.tradingName });
  const right = A4.right;

  doc.font('Helvetica-Bold').fontSize(18).text(quote.shop.tradingName, A4.margin, 50, { width: 300 });
  if (quote.shop.abn) doc.font('Helvetica').fontSize(9).text(`ABN ${quote.shop.abn}`, A4.margin, 72);
  drawTitle(doc, 'Quote', quote.reference);

  doc.font('Helvetica-Bold').fontSize(10).text('For', A4.margin, 115);
  doc.font('Helvetica').text(quote.customerName, A4.margin, 130, { width: 270 });
  if (quote.vehicle) doc.text(quote.vehicle, A4.margin, 144, { width: 270 });
  const facts: [string, string][] = [
    ['Date', formatShopDate(quote.createdAt)],
    ['Valid until', formatShopDate(quote.validUntil)],
    ...(quote.createdBy ? [['Prepared by', quote.createdBy] as [string, string]] : []),
  ];
  drawFacts(doc, facts);

  const rows = [
    ...quote.lines.map((line) => ({ code: line.sku, description: line.name, ...line })),
    ...quote.services.map((service) => ({ code: '', ...service })),
  ];
  let y = drawLineHeading(doc, 180);
  for (const row of rows) {
    const height = Math.max(doc.heightOfString(row.description, { width: LINE_COLUMNS[1].width }), 12);
    if (y + height > A4.lastLineY) {
      doc.addPage();
      y = drawLineHeading(doc, A4.margin);
    }
    doc.text(row.code, LINE_COLUMNS[0].x, y, { width: LINE_COLUMNS[0].width });
    doc.text(row.description, LINE_COLUMNS[1].x, y, { width: LINE_COLUMNS[1].width });
    doc.text(String(row.quantity), LINE_COLUMNS[2].x, y, { width: LINE_COLUMNS[2].width, align: 'right' });
    doc.text(row.unitPrice.formatted, LINE_COLUMNS[3].x, y, { width: LINE_COLUMNS[3].width, align: 'right' });
    doc.text(row.amount.formatted, LINE_COLUMNS[4].x, y, { width: LINE_COLUMNS[4].width, align: 'right' });
    y += height + 6;
  }
  doc.moveTo(A4.margin, y).lineTo(right, y).stroke();
  y += 10;
  if (y > LAST_TOTALS_Y) {
    doc.addPage();
    y = A4.margin;
  }
  const totals: [string, string, boolean][] = [
    ['Subtotal excl. GST', quote.subtotal.formatted, false],
    ['GST (10%)', quote.gst.formatted, false],
    ['Total incl. GST', quote.total.formatted, true],
  ];
  for (const [label, value, bold] of totals) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, 300, y, { width: 145 });
    doc.text(value, 445, y, { width: right - 445, align: 'right' });
    y += 16;
  }
  if (quote.notes) {
    y += 14;
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(quote.notes, A4.margin, y, { width: right - A4.margin });
  }
  doc.end();
  return bytes;
}
