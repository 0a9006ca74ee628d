import type { z } from 'zod';
import type { wheelFacetsSchema } from '../../../contract/catalogue-wheels';
import type { FilterChip } from './active-filters';
import { toggled } from './catalogue-search-params';
import { FacetGroup } from './facet-group';
import type { WheelSearchParams } from './wheel-search-params';

type Facets = z.infer<typeof wheelFacetsSchema>;
type Patch = Partial<WheelSearchParams>;

const textFacets = [
  { key: 'brands', title: 'Brand' },
  { key: 'pcds', title: 'PCD' },
  { key: 'colours', title: 'Colour' },
  { key: 'performances', title: 'Type' },
  { key: 'designs', title: 'Design' },
  { key: 'seats', title: 'Seat' },
] as const;

const numberFacets = [
  { key: 'sizes', title: 'Rim size', format: (value: number) => `${value}"` },
  { key: 'widths', title: 'Width', format: (value: number) => `${value}J` },
] as const;

/** The wheel filters with their counts under the other chosen filters. */
export function WheelFilters({
  facets,
  search,
  onChange,
}: {
  facets: Facets;
  search: WheelSearchParams;
  onChange: (patch: Patch) => void;
}) {
  return (
    <div>
      {numberFacets.map(({ key, title, format }) => (
        <FacetGroup
          key={key}
          title={title}
          options={facets[key]}
          selected={search[key]}
          format={format}
          onToggle={(value) => onChange({ [key]: toggled(search[key], value), page: undefined })}
        />
      ))}
      {textFacets.map(({ key, title }) => (
        <FacetGroup
          key={key}
          title={title}
          options={facets[key]}
          selected={search[key]}
          onToggle={(value) => onChange({ [key]: toggled(search[key], value), page: undefined })}
        />
      ))}
    </div>
  );
}

export function wheelFilterChips(search: WheelSearchParams, onChange: (patch: Patch) => void): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const { key, title, format } of numberFacets) {
    for (const value of search[key] ?? []) {
      chips.push({
        key: `${key}:${value}`,
        label: `${title}: ${format(value)}`,
        remove: () => onChange({ [key]: toggled(search[key], value), page: undefined }),
      });
    }
  }
  for (const { key, title } of textFacets) {
    for (const value of search[key] ?? []) {
      chips.push({
        key: `${key}:${value}`,
        label: `${title}: ${value}`,
        remove: () => onChange({ [key]: toggled(search[key], value), page: undefined }),
      });
    }
  }
  if (search.offsetMin !== undefined || search.offsetMax !== undefined) {
    chips.push({
      key: 'offset',
      label: `Offset ${search.offsetMin ?? '…'} to ${search.offsetMax ?? '…'}`,
      remove: () => onChange({ offsetMin: undefined, offsetMax: undefined, page: undefined }),
    });
  }
  return chips;
}
