import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { wheelSearchQuery } from '../api/queries/catalogue';
import { ActiveFilters } from '../components/catalogue/active-filters';
import { catalogueAudienceOf, useCatalogueAudience } from '../components/catalogue/catalogue-audience';
import { EmailProductsTray } from '../components/catalogue/email-products-tray';
import { EmptyResults } from '../components/catalogue/empty-results';
import { ResultsPager } from '../components/catalogue/results-pager';
import { ResultsSkeleton } from '../components/catalogue/results-skeleton';
import { ResultsToolbar } from '../components/catalogue/results-toolbar';
import { SearchOrder } from '../components/catalogue/search-order';
import { WheelFilters, wheelFilterChips } from '../components/catalogue/wheel-filters';
import { WheelFinder } from '../components/catalogue/wheel-finder';
import { WheelResultList } from '../components/catalogue/wheel-result-list';
import {
  type WheelSearchParams,
  wheelFilterKeys,
  wheelSearchParamsSchema,
  wheelSearchRequest,
} from '../components/catalogue/wheel-search-params';
import { FilterPanel } from '../components/catalogue/filter-panel';
import { LoadError } from '../components/layout/load-error';
import { useApi } from '../session/session-context';

export const Route = createFileRoute('/wheels/')({
  staticData: { heroFoldsOnSearch: true },
  validateSearch: wheelSearchParamsSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const trade = (await catalogueAudienceOf(context)) === 'trade';
    await context.queryClient
      .ensureQueryData(wheelSearchQuery(context.api, trade, wheelSearchRequest(deps)))
      .catch(() => null);
  },
  component: WheelsPage,
});

function WheelsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const trade = useCatalogueAudience() === 'trade';
  const update = (patch: Partial<WheelSearchParams>, resetScroll = false) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), resetScroll });
  const answer = useQuery(wheelSearchQuery(useApi(), trade, wheelSearchRequest(search)));
  const view = search.view ?? 'grid';
  const page = search.page ?? 1;
  // Beside the size box; a vehicle search has none, so there they head the results.
  const bySize = (search.by ?? (search.vehicle ? 'vehicle' : 'size')) === 'size';
  const order = <SearchOrder search={search} priced={trade} onChange={(patch) => update(patch)} />;
  return (
    <div className="mx-auto max-w-7xl space-y-2 px-4 py-2 sm:space-y-4 sm:px-6 sm:py-5">
      <WheelFinder search={search} trade={trade} order={bySize ? order : null} onSearch={(patch) => update(patch)} />
      <div className="grid gap-2 sm:gap-5 lg:grid-cols-[15rem_1fr]">
        <FilterPanel activeCount={wheelFilterChips(search, (patch) => update(patch)).length}>
          {answer.data ? (
            <WheelFilters facets={answer.data.facets} search={search} onChange={(patch) => update(patch)} />
          ) : (
            <ResultsSkeleton view="list" count={3} />
          )}
        </FilterPanel>
        <section aria-label="Results" className="min-w-0 space-y-3">
          <ResultsToolbar
            totalCount={answer.data?.totalCount ?? null}
            page={page}
            pageSize={search.pageSize ?? 24}
            view={view}
            order={bySize ? null : order}
            updating={answer.isPlaceholderData}
            onPageSize={(pageSize) => update({ pageSize, page: undefined })}
            onView={(next) => update({ view: next })}
          />
          <ActiveFilters
            chips={wheelFilterChips(search, (patch) => update(patch))}
            onClear={() =>
              update(Object.fromEntries([...wheelFilterKeys, 'page', 'vehicle'].map((key) => [key, undefined])))
            }
          />
          {answer.error ? (
            <LoadError error={answer.error} what="The wheels" />
          ) : !answer.data ? (
            <ResultsSkeleton view={view} />
          ) : answer.data.items.length === 0 ? (
            <EmptyResults title="No wheels match">Clear some filters, or search by vehicle.</EmptyResults>
          ) : (
            <WheelResultList items={answer.data.items} view={view} />
          )}
          <ResultsPager
            page={page}
            totalPages={answer.data?.totalPages ?? 0}
            onPage={(next) => update({ page: next === 1 ? undefined : next }, true)}
          />
        </section>
      </div>
      {trade ? <EmailProductsTray /> : null}
    </div>
  );
}
