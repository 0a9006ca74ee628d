import type { InvoiceDetails } from '../../../contract/account';
import type { PresentedRow } from '../../../contract/order-presentation';
import { formatShopDate } from '../../dates';

export interface InvoiceIssuer {
  readonly companyName: string;
  readonly phone: string;
  readonly email: string;
  /** The seller's legal name and ABN: what makes the document a valid tax invoice. */
  readonly legalName: string;
  readonly abn: string;
}

/** The name a browser saves the download as: YHI-invoice-INV00000042.pdf. */
export function invoicePdfFileName(invoiceNumber: string): string {
  return `YHI-invoice-${invoiceNumber.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

/** A4 in points; lines stop at lastLineY, and the totals block (about 180 points) starts by lastTotalsY. */
const PAGE = { margin: 50, width: 595.28, lastLineY: 700, lastTotalsY: 600 } as const;
const COLUMNS = [
  { label: 'Code', x: 50, width: 90, align: 'left' },
  { label: 'Description', x: 140, width: 205, align: 'left' },
  { label: 'Qty', x: 345, width: 40, align: 'right' },
  { label: 'Unit excl. GST', x: 390, width: 75, align: 'right' },
  { label: 'Total excl. GST', x: 470, width: 75, align: 'right' },
] as const;

/**
 * An A4 tax invoice (an Australian one: the words 'Tax Invoice', the seller's legal name and ABN, the buyer, the
 * date, each line's quantity and price, GST and the total incl. GST). Its figures are the invoice's presentation,
 * the same the invoice page and the checkout show. Streams are left uncompressed: the file stays small (text only)
 * and its words can be found in the bytes, which is how the tests read it. pdfkit and the fonts it reads load with the
 * first invoice, not at start (start-up time, docs/performance.md).
 */
export async function renderInvoicePdf(invoice: InvoiceDetails, issuer: InvoiceIssuer): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress: false,
    info: { Title: `Tax invoice ${invoice.invoiceNumber}`, Author: issuer.companyName, Subject: invoice.accountCode },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const right = PAGE.width - PAGE.margin;

  doc.font('Helvetica-Bold').fontSize(18).text(issuer.legalName, PAGE.margin, 50, { width: 300 });
  doc.font('Helvetica').fontSize(9).text(`ABN ${issuer.abn}`, PAGE.margin, 72);
  doc.text(`Trading as ${issuer.companyName}   Phone ${issuer.phone}   ${issuer.email}`, PAGE.margin, 84);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text('Tax Invoice', PAGE.margin, 50, { width: right - PAGE.margin, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(invoice.invoiceNumber, PAGE.margin, 72, { width: right - PAGE.margin, align: 'right' });

  doc.font('Helvetica-Bold').fontSize(10).text('Bill to', PAGE.margin, 115);
  doc
    .font('Helvetica')
    .text(`${invoice.accountName} (account ${invoice.accountCode})`, PAGE.margin, 130, { width: 270 });
  invoice.billingAddress
    .slice(1)
    .forEach((line, index) => doc.text(line, PAGE.margin, 144 + index * 14, { width: 270 }));

  const facts: [string, string][] = [
    ['Invoice date', formatShopDate(invoice.date)],
    ['Due date', formatShopDate(invoice.dueDate)],
    ['Payment terms', invoice.paymentTerms],
    ['Status', invoice.status],
    // The buyer's own references, so their books can match the invoice to what they ordered.
    ...(invoice.stockNumber ? [['Stock number', invoice.stockNumber] as [string, string]] : []),
    ...(invoice.orderReference ? [['Order reference', invoice.orderReference] as [string, string]] : []),
  ];
  facts.forEach(([label, value], index) => {
    const y = 115 + index * 14;
    doc.font('Helvetica-Bold').text(label, 330, y, { width: 95 });
    doc.font('Helvetica').text(value, 425, y, { width: right - 425, align: 'right' });
  });

  /** The column headings, on the first page and again on every page the lines continue on; answers where lines start. */
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

  const presented = invoice.presentation;
  // A back-ordered row says so under its description: its units are invoiced now and follow when the stock lands.
  const withBackOrder = (lineId: number, sku: string, description: string) => {
    const backOrder = invoice.backOrders.find((entry) => entry.lineId === lineId && entry.sku === sku);
    return backOrder ? `${description}\nBack-order ${backOrder.backOrder}, ${backOrder.expected}` : description;
  };
  const rows: { row: PresentedRow; description: string; indent: number }[] = presented.lines.flatMap((line) => [
    {
      row: line,
      description: withBackOrder(line.id, line.sku, line.vehicle ? `${line.name} (${line.vehicle})` : line.name),
      indent: 0,
    },
    ...line.accessories.map((accessory) => ({
      row: accessory,
      description: withBackOrder(line.id, accessory.sku, `+ ${accessory.name}`),
      indent: 8,
    })),
  ]);
  let y = tableHeading(215);
  for (const { row, description, indent } of rows) {
    const sku = row.sku;
    const height = Math.max(doc.heightOfString(description, { width: COLUMNS[1].width - indent }), 12);
    if (y + height > PAGE.lastLineY) {
      doc.addPage();
      y = tableHeading(PAGE.margin);
    }
    doc.text(sku, COLUMNS[0].x, y, { width: COLUMNS[0].width, align: COLUMNS[0].align });
    doc.text(description, COLUMNS[1].x + indent, y, { width: COLUMNS[1].width - indent, align: COLUMNS[1].align });
    doc.text(String(row.quantity), COLUMNS[2].x, y, { width: COLUMNS[2].width, align: COLUMNS[2].align });
    doc.text(row.unitPrice.formatted, COLUMNS[3].x, y, { width: COLUMNS[3].width, align: COLUMNS[3].align });
    doc.text(row.amount.formatted, COLUMNS[4].x, y, { width: COLUMNS[4].width, align: COLUMNS[4].align });
    y += height + 6;
  }
  doc.moveTo(PAGE.margin, y).lineTo(right, y).stroke();
  y += 10;
  // The totals and the payment note stay together on one page.
  if (y > PAGE.lastTotalsY) {
    doc.addPage();
    y = PAGE.margin;
  }

  const totals: [string, string, boolean][] = [
    ...(presented.discount
      ? [[presented.discount.label, `-${presented.discount.amount.formatted}`, false] as [string, string, boolean]]
      : []),
    ['Subtotal excl. GST', presented.subtotal.formatted, false],
    ...(presented.shipping
      ? [
          [`Freight (${presented.shipping.name})`, presented.shipping.amount.formatted, false] as [
            string,
            string,
            boolean,
          ],
        ]
      : []),
    ['GST (10%)', presented.gst?.formatted ?? invoice.gst, false],
    ['Total incl. GST', presented.total?.formatted ?? invoice.total, true],
    ['Paid', invoice.paid, false],
    ['Amount due', invoice.outstanding, true],
  ];
  for (const [label, value, bold] of totals) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, 300, y, { width: 145 });
    doc.text(value, 445, y, { width: right - 445, align: 'right' });
    y += 16;
  }

  y += 20;
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      `Payment terms: ${invoice.paymentTerms}. Please pay by ${formatShopDate(invoice.dueDate)}, quoting ${invoice.invoiceNumber}, ` +
        `through My Account > Payment or by calling ${issuer.phone}. All amounts in AUD.`,
      PAGE.margin,
      y,
      { width: right - PAGE.margin },
    );
  doc.end();
  return done;
}
