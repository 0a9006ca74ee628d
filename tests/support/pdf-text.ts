/**
 * The words drawn on a PDF's pages. pdfkit writes each run of text as hex strings inside TJ arrays
 * (`[<494e56> 0] TJ`); the shop's invoices are made with uncompressed streams, so they can be read from the bytes.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const runs: string[] = [];
  for (const match of source.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ/g)) {
    const hexes = [...(match[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) =>
      Buffer.from(hex[1] ?? '', 'hex').toString('latin1'),
    );
    runs.push(hexes.join(''));
  }
  return runs.join('\n');
}
