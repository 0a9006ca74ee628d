import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { tyreSearchQuery } from '../api/queries/catalogue';
import { catalogueAudienceOf, useCatalogueAudience } from '../components/catalogue/catalogue-audience';
import { ActiveFilters } from '../components/catalogue/active-filters';
import { EmailProductsTray } from '../components/catalogue/email-products-tray';
import { EmptyResults } from '../components/catalogue/empty-results';
import { ResultsPager } from '../components/catalogue/results-pager';
import { ResultsSkeleton } from '../components/catalogue/results-skeleton';
import { ResultsToolbar } from '../components/catalogue/results-toolbar';
import { SearchOrder } from '../components/catalogue/search-order';
import { TyreFilters, tyreFilterChips } from '../components/catalogue/tyre-filters';
import { TyreFinder } from '../components/catalogue/tyre-finder';
import { TyreResultList } from '../components/catalogue/tyre-result-list';
import {
  type TyreSearchParams,
  tyreFilterKeys,
  tyreSearchParamsSchema,
  tyreSearchRequest,
} from '../components/catalogue/tyre-search-params';
import { FilterPanel } from '../components/catalogue/filter-panel';
import { LoadError } from '../components/layout/load-error';
import { useApi } from '../session/session-context';
import { useUserMay } from '../session/user-may';

export const Route = createFileRoute('/tyres/')({
  staticData: { heroFoldsOnSearch: true },
  validateSearch: tyreSearchParamsSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const trade = (await catalogueAudienceOf(context)) === 'trade';
    const sizes = deps.rear ? [deps.size, deps.rear] : [deps.size];
    // Warm the cache so back/forward render the results at once and the scroll position can be restored;
    // a failed search shows on the page itself.
    await Promise.all(
      sizes.map((size) =>
        context.queryClient
          .ensureQueryData(tyreSearchQuery(context.api, trade, tyreSearchRequest(deps, size)))
          .catch(() => null),
      ),
    );
  },
  component: TyresPage,
});

function TyresPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const trade = useCatalogueAudience() === 'trade';
  const update = (patch: Partial<TyreSearchParams>, resetScroll = false) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), resetScroll });
  const api = useApi();
  const front = useQuery(tyreSearchQuery(api, trade, tyreSearchRequest(search, search.size)));
  const rear = useQuery({
    ...tyreSearchQuery(api, trade, tyreSearchRequest(search, search.rear)),
    enabled: search.rear !== undefined,
  });
  const view = search.view ?? 'grid';
  const page = search.page ?? 1;
  const staggered = search.rear !== undefined;
  const answers = staggered ? [front, rear] : [front];
  const totalCount = answers.every((answer) => answer.data)
    ? answers.reduce((sum, answer) => sum + (answer.data?.totalCount ?? 0), 0)
    : null;
  const totalPages = Math.max(...answers.map((answer) => answer.data?.totalPages ?? 0));
  const hasFilters = tyreFilterKeys.some((key) => search[key] !== undefined);
  // Beside the size box; a vehicle search has none, so there they head the results.
  const bySize = (search.by ?? (search.vehicle ? 'vehicle' : 'size')) === 'size';
  const order = <SearchOrder search={search} priced={trade} onChange={(patch) => update(patch)} />;
  const mayBuy = useUserMay().buy;
  return (
    <div className="mx-auto max-w-7xl space-y-2 px-4 py-2 sm:space-y-4 sm:px-6 sm:py-5">
      <TyreFinder search={search} trade={trade} order={bySize ? order : null} onSearch={(patch) => update(patch)} />
      {trade && mayBuy ? (
        // On a phone the link gives way to the results once anything is searched, as the hero does (the first
        // result in the top half).
        <p className={`text-sm text-black/70 ${Object.keys(search).length > 0 ? 'hidden sm:block' : ''}`}>
          Ordering a list of sizes?{' '}
          <Link to="/quick-order" className="font-semibold text-brand hover:underline">
            Use the quick order pad
          </Link>
          : type or paste sizes and quantities, or import a CSV.
        </p>
      ) : null}
      <div className="grid gap-2 sm:gap-5 lg:grid-cols-[15rem_1fr]">
        <FilterPanel activeCount={tyreFilterChips(search, (patch) => update(patch)).length}>
          {front.data ? (
            <TyreFilters facets={front.data.facets} search={search} onChange={(patch) => update(patch)} />
          ) : (
            <ResultsSkeleton view="list" count={3} />
          )}
        </FilterPanel>
        <section aria-label="Results" className="min-w-0 space-y-3">
          <ResultsToolbar
            totalCount={totalCount}
            page={page}
            pageSize={search.pageSize ?? 24}
            view={view}
            order={bySize ? null : order}
            updating={answers.some((answer) => answer.isPlaceholderData)}
            onPageSize={(pageSize) => update({ pageSize, page: undefined })}
            onView={(next) => update({ view: next })}
          />
          <ActiveFilters
            chips={tyreFilterChips(search, (patch) => update(patch))}
            onClear={() => update(Object.fromEntries([...tyreFilterKeys, 'page'].map((key) => [key, undefined])))}
          />
          {answers.map((answer, index) => {
            const size = index === 0 ? search.size : search.rear;
            return (
              <div key={index === 0 ? 'front' : 'rear'} className="space-y-2">
                {staggered ? (
                  <h2 className="text-sm font-bold uppercase tracking-wide text-black/60">
                    {index === 0 ? 'Front' : 'Rear'} <span className="font-mono text-ink">{size}</span>
                  </h2>
                ) : null}
                {answer.error ? (
                  <LoadError error={answer.error} what="The tyres" />
                ) : !answer.data ? (
                  <ResultsSkeleton view={view} />
                ) : answer.data.items.length === 0 ? (
                  <EmptyResults title={size ? `No tyres in ${size}` : 'No tyres match'}>
                    {hasFilters
                      ? 'Clear some filters, or try another size.'
                      : 'Try another size, or search by vehicle.'}
                  </EmptyResults>
                ) : (
                  <TyreResultList items={answer.data.items} view={view} pickRole={index === 1 ? 'rear' : 'single'} />
                )}
              </div>
            );
          })}
          <ResultsPager
            page={page}
            totalPages={totalPages}
            onPage={(next) => update({ page: next === 1 ? undefined : next }, true)}
          />
        </section>
      </div>
      {trade ? <EmailProductsTray /> : null}
    </div>
  );
}
