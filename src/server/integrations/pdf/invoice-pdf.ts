import type { InvoiceDetails } from '../../../contract/account';
import type { PresentedRow } from '../../../contract/order-presentation';
import { formatShopDate } from '../../dates';
import { A4, LINE_COLUMNS, drawFacts, drawLineHeading, drawTitle, openA4Document } from './a4-document';

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

/** The totals block (about 180 points) starts by this height, or on a page of their own. */
const LAST_TOTALS_Y = 600;

/**
 * An A4 tax invoice (an Australian one: the words 'Tax Invoice', the seller's legal name and ABN, the buyer, the
 * date, each line's quantity and price, GST and the total incl. GST). Its figures are the invoice's presentation,
 * the same the invoice page and the checkout show. Its page, heading and line table are a4-document.ts's.
 */
export async function renderInvoicePdf(invoice: InvoiceDetails, issuer: InvoiceIssuer): Promise<Buffer> {
  const { doc, bytes } = await openA4Document({
    Title: `Tax invoice ${invoice.invoiceNumber}`,
    Author: issuer.companyName,
    Subject: invoice.accountCode,
  });
  const right = A4.right;

  doc.font('Helvetica-Bold').fontSize(18).text(issuer.legalName, A4.margin, 50, { width: 300 });
  doc.font('Helvetica').fontSize(9).text(`ABN ${issuer.abn}`, A4.margin, 72);
  doc.text(`Trading as ${issuer.companyName}   Phone ${issuer.phone}   ${issuer.email}`, A4.margin, 84);
  drawTitle(doc, 'Tax Invoice', invoice.invoiceNumber);

  doc.font('Helvetica-Bold').fontSize(10).text('Bill to', A4.margin, 115);
  doc.font('Helvetica').text(`${invoice.accountName} (account ${invoice.accountCode})`, A4.margin, 130, { width: 270 });
  invoice.billingAddress.slice(1).forEach((line, index) => doc.text(line, A4.margin, 144 + index * 14, { width: 270 }));

  const facts: [string, string][] = [
    ['Invoice date', formatShopDate(invoice.date)],
    ['Due date', formatShopDate(invoice.dueDate)],
    ['Payment terms', invoice.paymentTerms],
    ['Status', invoice.status],
    // The buyer's own references, so their books can match the invoice to what they ordered.
    ...(invoice.stockNumber ? [['Stock number', invoice.stockNumber] as [string, string]] : []),
    ...(invoice.orderReference ? [['Order reference', invoice.orderReference] as [string, string]] : []),
  ];
  drawFacts(doc, facts);

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
  let y = drawLineHeading(doc, 215);
  for (const { row, description, indent } of rows) {
    const sku = row.sku;
    const height = Math.max(doc.heightOfString(description, { width: LINE_COLUMNS[1].width - indent }), 12);
    if (y + height > A4.lastLineY) {
      doc.addPage();
      y = drawLineHeading(doc, A4.margin);
    }
    doc.text(sku, LINE_COLUMNS[0].x, y, { width: LINE_COLUMNS[0].width, align: LINE_COLUMNS[0].align });
    doc.text(description, LINE_COLUMNS[1].x + indent, y, {
      width: LINE_COLUMNS[1].width - indent,
      align: LINE_COLUMNS[1].align,
    });
    doc.text(String(row.quantity), LINE_COLUMNS[2].x, y, {
      width: LINE_COLUMNS[2].width,
      align: LINE_COLUMNS[2].align,
    });
    doc.text(row.unitPrice.formatted, LINE_COLUMNS[3].x, y, {
      width: LINE_COLUMNS[3].width,
      align: LINE_COLUMNS[3].align,
    });
    doc.text(row.amount.formatted, LINE_COLUMNS[4].x, y, {
      width: LINE_COLUMNS[4].width,
      align: LINE_COLUMNS[4].align,
    });
    y += height + 6;
  }
  doc.moveTo(A4.margin, y).lineTo(right, y).stroke();
  y += 10;
  // The totals and the payment note stay together on one page.
  if (y > LAST_TOTALS_Y) {
    doc.addPage();
    y = A4.margin;
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
      A4.margin,
      y,
      { width: right - A4.margin },
    );
  doc.end();
  return bytes;
}
