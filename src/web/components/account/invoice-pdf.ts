import type { ApiClient } from '../../api/api-client';

/** The file name of a Content-Disposition header ('attachment; filename="YHI-invoice-INV-1.pdf"'), if it names one. */
export function attachmentFileName(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/**
 * Account/InvoicePdf through the API client (bearer token, refresh on 401), saved by the browser under the name the
 * server gives it.
 */
export async function downloadInvoicePdf(api: ApiClient, invoiceNumber: string): Promise<string> {
  const response = await api.raw('accountInvoicePdf', { query: { invoiceNumber } });
  return saveAttachment(response, `invoice-${invoiceNumber}.pdf`);
}

/** Saves a download answer in the browser under the name the server gives it (or `fallbackName`); answers the name. */
export async function saveAttachment(response: Response, fallbackName: string): Promise<string> {
  const fileName = attachmentFileName(response.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return fileName;
}
