import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Vendor } from '../../../contract/staff';
import { ApiError, errorMessage } from '../../api/api-error';
import { vendorsQuery } from '../../api/queries/staff';
import { IMPERSONATION_TOKEN_PARAM, useApi } from '../../session/session-context';
import { FormError } from './form-field';

/** Staff/Vendors: find a customer account by code, trading name, or a contact's name or email, and act as it (SPEC.md §6). */
export function VendorSearch({
  openShop = (url: string) => window.location.assign(url),
}: {
  openShop?: (url: string) => void;
}) {
  const api = useApi();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const vendors = useQuery(vendorsQuery(api, search, page));
  const actAs = useMutation({
    mutationFn: (vendor: Vendor) => api.call('staffImpersonationToken', { body: { accountId: vendor.accountId } }),
    onSuccess: ({ token }) => openShop(`/home?${IMPERSONATION_TOKEN_PARAM}=${encodeURIComponent(token)}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };
  const data = vendors.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const actError = actAs.error instanceof ApiError ? actAs.error.message : null;

  return (
    <div className="space-y-6">
      <form role="search" aria-label="Customer accounts" onSubmit={submit} className="flex max-w-xl gap-2">
        <label htmlFor="vendor-search" className="sr-only">
          Account code or name
        </label>
        <input
          id="vendor-search"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Account code, name, contact or email"
          className="min-w-0 flex-1 rounded border border-black/20 px-3 py-2 text-sm focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-brand"
        />
        <button
          type="submit"
          className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Search
        </button>
      </form>
      <FormError message={actError} />
      {vendors.isPending ? (
        <p role="status" className="text-sm text-black/60">
          Loading accounts…
        </p>
      ) : vendors.isError ? (
        <FormError message={errorMessage(vendors.error)} />
      ) : data && data.items.length === 0 ? (
        <p className="text-sm text-black/70">No customer account matches “{search}”.</p>
      ) : data ? (
        <>
          <p className="text-sm text-black/60" aria-live="polite">
            {data.total} account{data.total === 1 ? '' : 's'}
            {search ? ` matching “${search}”` : ''}, page {data.page} of {pages}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Customer accounts</caption>
              <thead className="border-b border-black/10 text-xs uppercase tracking-wide text-black/60">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Account
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    State
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Contact
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((vendor) => (
                  <tr key={vendor.accountId} className="border-b border-black/5">
                    <td className="py-2 pr-4 font-mono">{vendor.sapCode}</td>
                    <td className="py-2 pr-4">{vendor.name}</td>
                    <td className="py-2 pr-4">{vendor.state}</td>
                    <td className="py-2 pr-4">{vendor.contactName ?? '—'}</td>
                    <td className="py-2 text-right">
                      <button
                        type="button"
                        onClick={() => actAs.mutate(vendor)}
                        disabled={actAs.isPending}
                        aria-label={`Act as ${vendor.name} (${vendor.sapCode})`}
                        className="rounded border border-brand px-3 py-1 text-sm font-semibold text-brand hover:bg-brand hover:text-white focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60"
                      >
                        Act as
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages" className="flex items-center gap-2">
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
              className="rounded border border-black/20 px-3 py-1 text-sm disabled:opacity-40"
            >
              Previous
            </button>
            <button
              type="button"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
              className="rounded border border-black/20 px-3 py-1 text-sm disabled:opacity-40"
            >
              Next
            </button>
          </nav>
        </>
      ) : null}
    </div>
  );
}
