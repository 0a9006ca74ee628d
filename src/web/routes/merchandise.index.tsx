import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { merchandiseCategoriesQuery, merchandiseSearchQuery } from '../api/queries/catalogue';
import { ActiveFilters } from '../components/catalogue/active-filters';
import { catalogueAudienceOf, useCatalogueAudience } from '../components/catalogue/catalogue-audience';
import { toggled } from '../components/catalogue/catalogue-search-params';
import { EmailProductsTray } from '../components/catalogue/email-products-tray';
import { EmptyResults } from '../components/catalogue/empty-results';
import { FacetGroup } from '../components/catalogue/facet-group';
import { MerchandiseResultList } from '../components/catalogue/merchandise-result-list';
import {
  type MerchandiseSearchParams,
  merchandiseSearchParamsSchema,
  merchandiseSearchRequest,
} from '../components/catalogue/merchandise-search-params';
import { ResultsPager } from '../components/catalogue/results-pager';
import { ResultsSkeleton } from '../components/catalogue/results-skeleton';
import { ResultsToolbar } from '../components/catalogue/results-toolbar';
import { SearchOrder } from '../components/catalogue/search-order';
import { CatalogueTextSearch } from '../components/catalogue/catalogue-text-search';
import { FilterPanel } from '../components/catalogue/filter-panel';
import { LoadError } from '../components/layout/load-error';
import { useApi } from '../session/session-context';

export const Route = createFileRoute('/merchandise/')({
  staticData: { heroFoldsOnSearch: true },
  validateSearch: merchandiseSearchParamsSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const trade = (await catalogueAudienceOf(context)) === 'trade';
    await Promise.all([
      context.queryClient.ensureQueryData(merchandiseCategoriesQuery(context.api, trade)).catch(() => null),
      context.queryClient
        .ensureQueryData(merchandiseSearchQuery(context.api, trade, merchandiseSearchRequest(deps)))
        .catch(() => null),
    ]);
  },
  component: MerchandisePage,
});

function MerchandisePage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const api = useApi();
  const trade = useCatalogueAudience() === 'trade';
  const update = (patch: Partial<MerchandiseSearchParams>, resetScroll = false) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), resetScroll });
  const categories = useQuery(merchandiseCategoriesQuery(api, trade));
  const answer = useQuery(merchandiseSearchQuery(api, trade, merchandiseSearchRequest(search)));
  const view = search.view ?? 'grid';
  const page = search.page ?? 1;
  const subcategoryName = new Map(
    categories.data?.flatMap((category) => category.subcategories.map((sub) => [sub.slug, sub.name] as const)) ?? [],
  );
  const chips = [
    ...(search.category
      ? [
          {
            key: 'category',
            label: `Category: ${categories.data?.find((c) => c.slug === search.category)?.name ?? search.category}`,
            remove: () => update({ category: undefined, subcategories: undefined, page: undefined }),
          },
        ]
      : []),
    ...(search.subcategories ?? []).map((slug) => ({
      key: `sub:${slug}`,
      label: subcategoryName.get(slug) ?? slug,
      remove: () => update({ subcategories: toggled(search.subcategories, slug), page: undefined }),
    })),
    ...(search.brands ?? []).map((brand) => ({
      key: `brand:${brand}`,
      label: `Brand: ${brand}`,
      remove: () => update({ brands: toggled(search.brands, brand), page: undefined }),
    })),
  ];
  const order = <SearchOrder search={search} priced={trade} onChange={(patch) => update(patch)} />;
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-5 sm:px-6">
      <section aria-label="Find accessories and equipment" className="rounded-lg border border-black/10 bg-panel p-3">
        <CatalogueTextSearch
          key={search.q ?? ''}
          label="Search accessories and equipment"
          placeholder="Wheel nuts, hub rings, SKU…"
          initial={search.q ?? ''}
          order={order}
          onSearch={(q) => update({ q, page: undefined })}
        />
        {categories.data ? (
          <ul aria-label="Categories" className="mt-3 flex flex-wrap gap-1.5">
            {[
              { slug: undefined, name: 'All', count: categories.data.reduce((sum, c) => sum + c.count, 0) },
              ...categories.data,
            ].map((category) => (
              <li key={category.slug ?? 'all'}>
                <button
                  type="button"
                  aria-pressed={search.category === category.slug}
                  onClick={() => update({ category: category.slug, subcategories: undefined, page: undefined })}
                  className="rounded-full border border-black/15 bg-white px-3 py-1 text-sm font-semibold hover:border-brand aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-white focus-visible:outline-2 focus-visible:outline-brand"
                >
                  {category.name} <span className="font-normal opacity-80">{category.count}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <div className="grid gap-5 lg:grid-cols-[15rem_1fr]">
        <FilterPanel activeCount={chips.length}>
          {answer.data ? (
            <>
              <FacetGroup
                title="Type"
                options={answer.data.facets.subcategories}
                selected={search.subcategories}
                format={(slug) => subcategoryName.get(slug) ?? slug}
                onToggle={(slug) => update({ subcategories: toggled(search.subcategories, slug), page: undefined })}
              />
              <FacetGroup
                title="Brand"
                options={answer.data.facets.brands}
                selected={search.brands}
                onToggle={(brand) => update({ brands: toggled(search.brands, brand), page: undefined })}
              />
            </>
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
            updating={answer.isPlaceholderData}
            onPageSize={(pageSize) => update({ pageSize, page: undefined })}
            onView={(next) => update({ view: next })}
          />
          <ActiveFilters
            chips={chips}
            onClear={() =>
              update({
                category: undefined,
                subcategories: undefined,
                brands: undefined,
                q: undefined,
                page: undefined,
              })
            }
          />
          {answer.error ? (
            <LoadError error={answer.error} what="Accessories & Equipment" />
          ) : !answer.data ? (
            <ResultsSkeleton view={view} />
          ) : answer.data.items.length === 0 ? (
            <EmptyResults title="Nothing matches">Try another word, or clear the filters.</EmptyResults>
          ) : (
            <MerchandiseResultList items={answer.data.items} view={view} />
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
