import type { Quote } from '../../../contract/quotes';
import { formatShopDate } from '../../dates';

/** The name a browser saves the download as: Quote-Q-0042.pdf. */
export function quotePdfFileName(reference: string): string {
  return `Quote-${reference.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

/** A4 in points; rows stop at lastLineY and the totals start by lastTotalsY (the invoice's layout, invoice-pdf.ts). */
const PAGE = { margin: 50, width: 595.28, lastLineY: 700, lastTotalsY: 640 } as const;
const COLUMNS = [
  { label: 'Code', x: 50, width: 90, align: 'left' },
  { label: 'Description', x: 140, width: 205, align: 'left' },
  { label: 'Qty', x: 345, width: 40, align: 'right' },
  { label: 'Unit excl. GST', x: 390, width: 75, align: 'right' },
  { label: 'Total excl. GST', x: 470, width: 75, align: 'right' },
] as const;

/**
 * A tyre shop's quote to its own customer, as an A4 PDF: the shop's own trading name and ABN (never the wholesaler's),
 * the customer and vehicle, each line, GST and the total incl. GST. It draws only the figures of the quote's answer
 * (Quote/Details), so it can carry nothing the page does not. Uncompressed, like the invoice, so tests read its words.
 */
export async function renderQuotePdf(quote: Quote): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress: false,
    info: { Title: `Quote ${quote.reference}`, Author: quote.shop.tradingName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const right = PAGE.width - PAGE.margin;

  doc.font('Helvetica-Bold').fontSize(18).text(quote.shop.tradingName, PAGE.margin, 50, { width: 300 });
  if (quote.shop.abn) doc.font('Helvetica').fontSize(9).text(`ABN ${quote.shop.abn}`, PAGE.margin, 72);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text('Quote', PAGE.margin, 50, { width: right - PAGE.margin, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(quote.reference, PAGE.margin, 72, { width: right - PAGE.margin, align: 'right' });

  doc.font('Helvetica-Bold').fontSize(10).text('For', PAGE.margin, 115);
  doc.font('Helvetica').text(quote.customerName, PAGE.margin, 130, { width: 270 });
  if (quote.vehicle) doc.text(quote.vehicle, PAGE.margin, 144, { width: 270 });
  const facts: [string, string][] = [
    ['Date', formatShopDate(quote.createdAt)],
    ['Valid until', formatShopDate(quote.validUntil)],
    ...(quote.createdBy ? [['Prepared by', quote.createdBy] as [string, string]] : []),
  ];
  facts.forEach(([label, value], index) => {
    const y = 115 + index * 14;
    doc.font('Helvetica-Bold').text(label, 330, y, { width: 95 });
    doc.font('Helvetica').text(value, 425, y, { width: right - 425, align: 'right' });
  });

  const tableHeading = (top: number): number => {
    doc.font('Helvetica-Bold').fontSize(9);
    for (const column of COLUMNS) doc.text(column.label, column.x, top, { width: column.width, align: column.align });
    doc
      .moveTo(PAGE.margin, top + 14)
      .lineTo(right, top + 14)
      .stroke();
    doc.font('Helvetica');
    return top + 20;
  };
  const rows = [
    ...quote.lines.map((line) => ({ code: line.sku, description: line.name, ...line })),
    ...quote.services.map((service) => ({ code: '', ...service })),
  ];
  let y = tableHeading(180);
  for (const row of rows) {
    const height = Math.max(doc.heightOfString(row.description, { width: COLUMNS[1].width }), 12);
    if (y + height > PAGE.lastLineY) {
      doc.addPage();
      y = tableHeading(PAGE.margin);
    }
    doc.text(row.code, COLUMNS[0].x, y, { width: COLUMNS[0].width });
    doc.text(row.description, COLUMNS[1].x, y, { width: COLUMNS[1].width });
    doc.text(String(row.quantity), COLUMNS[2].x, y, { width: COLUMNS[2].width, align: 'right' });
    doc.text(row.unitPrice.formatted, COLUMNS[3].x, y, { width: COLUMNS[3].width, align: 'right' });
    doc.text(row.amount.formatted, COLUMNS[4].x, y, { width: COLUMNS[4].width, align: 'right' });
    y += height + 6;
  }
  doc.moveTo(PAGE.margin, y).lineTo(right, y).stroke();
  y += 10;
  if (y > PAGE.lastTotalsY) {
    doc.addPage();
    y = PAGE.margin;
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
      .text(quote.notes, PAGE.margin, y, { width: right - PAGE.margin });
  }
  doc.end();
  return done;
}
