import { Link, createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { QuoteList, QuoteSearch } from '../../../../components/quotes/quote-list';
import { QuoteSettingsSection } from '../../../../components/quotes/quote-settings-form';
import { useQuoteDraft } from '../../../../components/quotes/quote-draft';
import { useUserMay } from '../../../../session/user-may';

/** ?page=<n> is the page of the list, ?search= the customer's name it is narrowed to: both survive a reload. */
const searchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  search: z.string().trim().max(100).optional().catch(undefined),
});

export const Route = createFileRoute('/_signed-in/my-account/quotes/')({
  validateSearch: searchSchema,
  staticData: { title: 'Quotes' },
  component: QuotesPage,
});

function QuotesPage() {
  const { page = 1, search } = Route.useSearch();
  const navigate = Route.useNavigate();
  const draft = useQuoteDraft();
  const may = useUserMay();
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <QuoteSearch
          search={search ?? ''}
          onSearch={(text) => void navigate({ search: { search: text || undefined, page: 1 } })}
        />
        <Link to="/my-account/quotes/new" className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white">
          {draft.length > 0 ? `Continue the new quote (${draft.length})` : 'New quote'}
        </Link>
      </div>
      <QuoteList
        page={page}
        search={search ?? ''}
        onPage={(next) => void navigate({ search: (current) => ({ ...current, page: next }) })}
      />
      {may.setQuoteSettings ? <QuoteSettingsSection /> : null}
    </div>
  );
}
