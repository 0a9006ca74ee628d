import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { invoiceNumberField } from '../../../../contract/forms';
import { InvoiceDetailsDialog } from '../../../components/account/invoice-details-dialog';
import { InvoiceSearch, InvoiceTable } from '../../../components/account/invoice-table';
import { OfferedTo } from '../../../components/layout/not-for-your-role';

/**
 * ?page=<n> is the page of the list, ?search= what it is narrowed to (an invoice number, stock number or order
 * reference), ?invoice=<number> the invoice open in the dialog: all survive a reload.
 */
const searchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  search: z.string().trim().max(35).optional().catch(undefined),
  invoice: invoiceNumberField.optional().catch(undefined),
});

export const Route = createFileRoute('/_signed-in/my-account/invoices')({
  validateSearch: searchSchema,
  staticData: { title: 'Invoices' },
  component: () => (
    <OfferedTo may="seeInvoices" what="Invoices">
      <InvoicesPage />
    </OfferedTo>
  ),
});

function InvoicesPage() {
  const { page = 1, search, invoice } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-8 sm:px-6">
      <InvoiceSearch
        search={search ?? ''}
        onSearch={(text) =>
          void navigate({ search: (current) => ({ ...current, search: text || undefined, page: 1 }) })
        }
      />
      <InvoiceTable
        page={page}
        search={search ?? ''}
        onPage={(next) => void navigate({ search: (current) => ({ ...current, page: next }) })}
        onOpen={(invoiceNumber) => void navigate({ search: (current) => ({ ...current, invoice: invoiceNumber }) })}
      />
      <InvoiceDetailsDialog
        invoiceNumber={invoice}
        onClose={() => void navigate({ search: (current) => ({ ...current, invoice: undefined }) })}
      />
    </div>
  );
}
