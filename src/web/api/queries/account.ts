import { type QueryClient, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type InvoiceSummary, INVOICE_PAGE_SIZE } from '../../../contract/account';
import type { ApiClient } from '../api-client';

export const accountKeys = {
  details: ['account', 'details'] as const,
  invoices: ['account', 'invoices'] as const,
  creditLimit: ['account', 'credit-limit'] as const,
  outstanding: ['account', 'invoices', 'outstanding'] as const,
  sales: ['account', 'sales'] as const,
  pitPass: ['account', 'pit-pass'] as const,
};

/** Global/States: the states and territories the address pickers offer; they never change while the page is open. */
export function statesQuery(api: ApiClient) {
  return queryOptions({ queryKey: ['global', 'states'], queryFn: () => api.call('globalStates'), staleTime: Infinity });
}

/** Account/Details GET: contact, addresses and preferences as the form shows them. */
export function accountDetailsQuery(api: ApiClient) {
  return queryOptions({ queryKey: accountKeys.details, queryFn: () => api.call('accountDetails') });
}

/** Account/Invoices: one page, newest first, narrowed by a search; the page on screen stays while the next one loads. */
export function invoicePageQuery(api: ApiClient, page: number, search = '', pageSize = INVOICE_PAGE_SIZE) {
  return queryOptions({
    queryKey: [...accountKeys.invoices, 'page', page, pageSize, search],
    queryFn: () => api.call('accountInvoices', { query: { page, pageSize, ...(search ? { search } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

/** Account/InvoiceDetails: lines, GST, totals and payments of one invoice. */
export function invoiceDetailsQuery(api: ApiClient, invoiceNumber: string) {
  return queryOptions({
    queryKey: [...accountKeys.invoices, 'details', invoiceNumber],
    queryFn: () => api.call('accountInvoiceDetails', { query: { invoiceNumber } }),
    retry: false,
  });
}

/** The largest page Account/Invoices gives. */
const OUTSTANDING_PAGE_SIZE = 100;

/** Every invoice that still owes something, oldest due first (usually one page of Account/Invoices?outstanding=true). */
export function outstandingInvoicesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: accountKeys.outstanding,
    queryFn: async (): Promise<InvoiceSummary[]> => {
      const outstanding: InvoiceSummary[] = [];
      for (let page = 1; ; page++) {
        const answer = await api.call('accountInvoices', {
          query: { page, pageSize: OUTSTANDING_PAGE_SIZE, outstanding: 'true' },
        });
        outstanding.push(...answer.invoices);
        if (page >= answer.totalPages) break;
      }
      return outstanding.sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    },
  });
}

/** Account/CreditLimit: limit, used and available. */
export function accountCreditQuery(api: ApiClient) {
  return queryOptions({ queryKey: accountKeys.creditLimit, queryFn: () => api.call('accountCreditLimit') });
}

/** Sales/RetailerSales: the last 12 months by month, category and brand. */
export function retailerSalesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: accountKeys.sales,
    queryFn: () => api.call('salesRetailerSales'),
    staleTime: 5 * 60_000,
  });
}

/** PitPass/Get: points, tier and history of the account's Pit Pass. */
export function pitPassQuery(api: ApiClient) {
  return queryOptions({ queryKey: accountKeys.pitPass, queryFn: () => api.call('pitPassGet') });
}

/** Payment/Result: how the card payment the provider returned from went. */
export function paymentResultQuery(api: ApiClient, reference: string) {
  return queryOptions({
    queryKey: ['payment', 'result', reference],
    queryFn: () => api.call('paymentResult', { query: { reference } }),
    retry: false,
    // The provider's call-back may land a moment after the browser returns: ask again while it is pending.
    refetchInterval: (query) => (query.state.data?.status === 'Pending' ? 2_000 : false),
  });
}

/**
 * After the account details change: the catalogue's prices (price display mode), stock (the delivery state decides
 * Local) and the checkout's address come from the account, so every cached answer built from it is stale.
 */
export function refreshAccountDependents(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [['catalogue'], ['checkout'], ['cart'], ['home']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

/** After a payment: what the account owes and has available changed. */
export function refreshBalance(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [accountKeys.creditLimit, accountKeys.invoices, ['checkout', 'credit-limit']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
