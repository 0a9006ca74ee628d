import { Fragment } from 'react';
import type { z } from 'zod';
import type { tyreFacetsSchema } from '../../../contract/catalogue-tyres';
import { toggled } from './catalogue-search-params';
import { FacetGroup } from './facet-group';
import { LoadIndexMinimumFilter } from './load-index-minimum-filter';
import type { TyreSearchParams } from './tyre-search-params';

type Facets = z.infer<typeof tyreFacetsSchema>;
type ListKey = 'brands' | 'patterns' | 'loadRatings' | 'speedRatings' | 'categories' | 'seasons';

const lists: readonly { key: ListKey; title: string }[] = [
  { key: 'brands', title: 'Brand' },
  { key: 'categories', title: 'Category' },
  { key: 'patterns', title: 'Pattern' },
  { key: 'loadRatings', title: 'Load rating' },
  { key: 'speedRatings', title: 'Speed rating' },
  { key: 'seasons', title: 'Season' },
];

/** The tyre filters with their counts under the other chosen filters (the answer's facets). */
export function TyreFilters({
  facets,
  search,
  onChange,
}: {
  facets: Facets;
  search: TyreSearchParams;
  onChange: (patch: Partial<TyreSearchParams>) => void;
}) {
  const flagCount = (facet: Facets['runFlat']) => facet.find((entry) => entry.value)?.count ?? 0;
  return (
    <div>
      <fieldset className="border-t border-black/10 py-2">
        <legend className="float-left mb-1 w-full text-xs font-bold uppercase tracking-wide text-black/60">
          Features
        </legend>
        {(
          [
            ['runFlat', 'Run flat', flagCount(facets.runFlat)],
            ['extraLoad', 'Extra load (XL)', flagCount(facets.extraLoad)],
          ] as const
        ).map(([key, label, count]) => (
          <label
            key={key}
            className="clear-both flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-panel"
          >
            <input
              type="checkbox"
              checked={search[key] === true}
              onChange={() => onChange({ [key]: search[key] ? undefined : true, page: undefined })}
              className="h-3.5 w-3.5 accent-brand"
            />
            <span className="flex-1">{label}</span>
            <span className="text-xs tabular-nums text-black/60">{count}</span>
          </label>
        ))}
      </fieldset>
      {lists.map(({ key, title }) => (
        <Fragment key={key}>
          <FacetGroup
            title={title}
            options={facets[key]}
            selected={search[key]}
            onToggle={(value) => onChange({ [key]: toggled(search[key], value), page: undefined })}
          />
          {key === 'loadRatings' ? (
            <LoadIndexMinimumFilter
              loadRatings={facets.loadRatings}
              minimum={search.loadIndexMin}
              onChange={(minimum) => onChange({ loadIndexMin: minimum, page: undefined })}
            />
          ) : null}
        </Fragment>
      ))}
    </div>
  );
}

/** The chosen tyre filters as removable chips. */
export function tyreFilterChips(search: TyreSearchParams, onChange: (patch: Partial<TyreSearchParams>) => void) {
  const chips = lists.flatMap(({ key, title }) =>
    (search[key] ?? []).map((value) => ({
      key: `${key}:${value}`,
      label: `${title}: ${value}`,
      remove: () => onChange({ [key]: toggled(search[key], value), page: undefined }),
    })),
  );
  if (search.loadIndexMin !== undefined)
    chips.push({
      key: 'loadIndexMin',
      label: `Load index at least ${search.loadIndexMin}`,
      remove: () => onChange({ loadIndexMin: undefined, page: undefined }),
    });
  if (search.runFlat)
    chips.push({ key: 'runFlat', label: 'Run flat', remove: () => onChange({ runFlat: undefined, page: undefined }) });
  if (search.extraLoad)
    chips.push({
      key: 'extraLoad',
      label: 'Extra load (XL)',
      remove: () => onChange({ extraLoad: undefined, page: undefined }),
    });
  return chips;
}
