/**
 * What the shop's A4 documents (the tax invoice, a walk-in quote) share: the page, its heading, the facts block, and
 * the line table's columns. Streams are left uncompressed: the files stay small (text only) and their words can be
 * found in the bytes, which is how the tests read them. pdfkit and the fonts it reads load with the first document,
 * not at start (start-up time, docs/performance.md).
 */

/** A4 in points; line rows stop at lastLineY. */
export const A4 = { margin: 50, width: 595.28, right: 595.28 - 50, lastLineY: 700 } as const;

/** The line table: code, description, quantity, unit and line totals excl. GST. */
export const LINE_COLUMNS = [
  { label: 'Code', x: 50, width: 90, align: 'left' },
  { label: 'Description', x: 140, width: 205, align: 'left' },
  { label: 'Qty', x: 345, width: 40, align: 'right' },
  { label: 'Unit excl. GST', x: 390, width: 75, align: 'right' },
  { label: 'Total excl. GST', x: 470, width: 75, align: 'right' },
] as const;

/** A new A4 document and the bytes it will have been once `doc.end()` is called. */
export async function openA4Document(info: PDFKit.DocumentInfo) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: A4.margin, compress: false, info });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** The document's kind and number at the top right, across from the issuer's name. */
export function drawTitle(doc: PDFKit.PDFDocument, title: string, reference: string): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(title, A4.margin, 50, { width: A4.right - A4.margin, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(reference, A4.margin, 72, { width: A4.right - A4.margin, align: 'right' });
}

/** Label and value pairs down the right of the page, under the title. */
export function drawFacts(doc: PDFKit.PDFDocument, facts: readonly (readonly [string, string])[]): void {
  facts.forEach(([label, value], index) => {
    const y = 115 + index * 14;
    doc.font('Helvetica-Bold').text(label, 330, y, { width: 95 });
    doc.font('Helvetica').text(value, 425, y, { width: A4.right - 425, align: 'right' });
  });
}

/** The column headings, on the first page and again on every page the lines continue on; answers where lines start. */
export function drawLineHeading(doc: PDFKit.PDFDocument, top: number): number {
  doc.font('Helvetica-Bold').fontSize(9);
  for (const column of LINE_COLUMNS)
    doc.text(column.label, column.x, top, { width: column.width, align: column.align });
  doc
    .moveTo(A4.margin, top + 14)
    .lineTo(A4.right, top + 14)
    .stroke();
  doc.font('Helvetica');
  return top + 20;
}
