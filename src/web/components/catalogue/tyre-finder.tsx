import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  tyreDiametersQuery,
  tyreProfilesQuery,
  tyreSearchParametersQuery,
  vehicleTyreDefinitionsQuery,
} from '../../api/queries/catalogue';
import { formatTyreSize, parseTyreSize } from '../../../domain/tyre-size';
import { useApi } from '../../session/session-context';
import { CATALOGUE_SEARCH_BOX } from './catalogue-search-shortcut';
import { FinderTabs } from './finder-tabs';
import { focusFirstResult } from './result-keyboard';
import type { TyreSearchParams } from './tyre-search-params';
import { TyreSizeInput, type TyreSizeInputLook } from './tyre-size-input';
import { VehicleSelects, pickerFieldClass as fieldClass, pickerLabelClass as labelClass } from './vehicle-selects';

export type TyreSearchPatch = Partial<TyreSearchParams>;

/** A new size or vehicle starts a new search: the narrowing filters and the page go. */
const freshSearch: TyreSearchPatch = {
  brands: undefined,
  patterns: undefined,
  loadRatings: undefined,
  speedRatings: undefined,
  categories: undefined,
  seasons: undefined,
  runFlat: undefined,
  extraLoad: undefined,
  page: undefined,
};

/** Search by size (typed or picked) or by vehicle (make → model → series → the vehicle's sizes). */
export function TyreFinder({
  search,
  trade,
  order,
  onSearch,
}: {
  search: TyreSearchParams;
  trade: boolean;
  /** Sort and arrival day (SearchOrder), beside the size box. */
  order: ReactNode;
  onSearch: (patch: TyreSearchPatch) => void;
}) {
  return (
    <FinderTabs
      products="tyres"
      mode={search.by ?? (search.vehicle ? 'vehicle' : 'size')}
      onChoose={(by) => onSearch({ by })}
      bySize={
        <>
          <TypedSizeSearch
            key={`${search.size ?? ''}|${search.q ?? ''}`}
            search={search}
            order={order}
            onSearch={onSearch}
          />
          <SizePickers search={search} trade={trade} onSearch={onSearch} />
        </>
      }
      byVehicle={<VehiclePicker search={search} onSearch={onSearch} />}
    />
  );
}

/** The tyre page's look of the size box: its label only for screen readers on a phone. */
const finderLook: TyreSizeInputLook = {
  form: 'space-y-1',
  label: `${labelClass} max-sm:sr-only`,
  input: `${fieldClass} font-mono text-base`,
  button:
    'rounded bg-brand px-4 py-1.5 text-sm font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
  error: 'text-xs font-medium text-brand-dark',
};

/**
 * The size box of the tyre page. The counter types a size first: the box has the cursor on arrival and again after
 * each search (it is remounted per search), and ArrowDown goes on to the first result's quantity.
 */
function TypedSizeSearch({
  search,
  order,
  onSearch,
}: {
  search: TyreSearchParams;
  order: ReactNode;
  onSearch: (patch: TyreSearchPatch) => void;
}) {
  return (
    <TyreSizeInput
      label="Size or product search"
      initial={search.size ?? search.q ?? ''}
      look={finderLook}
      beside={order}
      inputProps={{
        [CATALOGUE_SEARCH_BOX]: '',
        onKeyDown: (event) => {
          if (event.key === 'ArrowDown' && focusFirstResult()) event.preventDefault();
        },
      }}
      onSearch={(read) =>
        onSearch({ ...freshSearch, ...read, rear: undefined, vehicle: undefined, make: undefined, model: undefined })
      }
    />
  );
}

/** Width → profile → rim pickers; each list is what the catalogue holds under the choices before it. */
function SizePickers({
  search,
  trade,
  onSearch,
}: {
  search: TyreSearchParams;
  trade: boolean;
  onSearch: (patch: TyreSearchPatch) => void;
}) {
  const api = useApi();
  const size = search.size ? parseTyreSize(search.size) : null;
  const width = size?.width ?? null;
  const profile = size?.profile ?? null;
  const widths = useQuery(tyreSearchParametersQuery(api, trade)).data?.widths ?? [];
  const profiles =
    useQuery({ ...tyreProfilesQuery(api, trade, { widths: width ? [width] : [] }), enabled: width !== null }).data ??
    [];
  const diameters =
    useQuery({
      ...tyreDiametersQuery(api, trade, { widths: width ? [width] : [], profiles: profile ? [profile] : [] }),
      enabled: width !== null && profile !== null,
    }).data ?? [];
  const choose = (next: { width: number | null; profile: number | null; diameter: number | null }) =>
    onSearch({
      ...freshSearch,
      size:
        next.width === null ? undefined : formatTyreSize({ prefix: size?.prefix ?? null, ...next, width: next.width }),
      rear: undefined,
      q: undefined,
      vehicle: undefined,
      make: undefined,
      model: undefined,
    });
  const numberOrNull = (value: string) => (value === '' ? null : Number(value));
  return (
    // On a phone, once a size is searched, the typed box is the way to change it: the pickers give the results the room.
    <div className={`${size ? 'hidden sm:grid' : 'grid'} grid-cols-3 gap-2 sm:w-96`}>
      <label className="space-y-1">
        <span className={labelClass}>Width</span>
        <select
          className={fieldClass}
          value={width ?? ''}
          onChange={(event) => choose({ width: numberOrNull(event.target.value), profile: null, diameter: null })}
        >
          <option value="">Any</option>
          {widths.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1">
        <span className={labelClass}>Profile</span>
        <select
          className={fieldClass}
          value={profile ?? ''}
          disabled={width === null}
          onChange={(event) => choose({ width, profile: numberOrNull(event.target.value), diameter: null })}
        >
          <option value="">Any</option>
          {profiles.map((facet) => (
            <option key={facet.value} value={facet.value}>
              {facet.value} ({facet.count})
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1">
        <span className={labelClass}>Rim</span>
        <select
          className={fieldClass}
          value={size?.diameter ?? ''}
          disabled={profile === null}
          onChange={(event) => choose({ width, profile, diameter: numberOrNull(event.target.value) })}
        >
          <option value="">Any</option>
          {diameters.map((facet) => (
            <option key={facet.value} value={facet.value}>
              {facet.value}" ({facet.count})
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** Make → model → series, then the vehicle's sizes; a staggered fitment searches front and rear together. */
function VehiclePicker({ search, onSearch }: { search: TyreSearchParams; onSearch: (patch: TyreSearchPatch) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const definitions = useQuery({
    ...vehicleTyreDefinitionsQuery(api, search.vehicle ?? 0),
    enabled: search.vehicle !== undefined,
  });
  const vehicleOnly = { ...freshSearch, by: 'vehicle' as const, q: undefined, size: undefined, rear: undefined };
  const chooseSeries = async (vehicleId: number | undefined) => {
    if (vehicleId === undefined) {
      onSearch({ ...vehicleOnly, vehicle: undefined });
      return;
    }
    // The original fitment is searched at once; the vehicle's other sizes are one click away.
    const answer = await queryClient.fetchQuery(vehicleTyreDefinitionsQuery(api, vehicleId));
    const original = answer.definitions[0];
    onSearch({ ...vehicleOnly, vehicle: vehicleId, size: original?.front.display, rear: original?.rear?.display });
  };
  return (
    <div className="space-y-3">
      <VehicleSelects
        choice={search}
        onMake={(make) => onSearch({ ...vehicleOnly, make, model: undefined, vehicle: undefined })}
        onModel={(model) => onSearch({ ...vehicleOnly, model, vehicle: undefined })}
        onSeries={(vehicle) => void chooseSeries(vehicle)}
      />
      {definitions.data && search.vehicle !== undefined ? (
        <div>
          <p className={labelClass}>
            Sizes for {definitions.data.vehicle.makeName} {definitions.data.vehicle.model}{' '}
            {definitions.data.vehicle.series}
          </p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {definitions.data.definitions.map((definition) => {
              const chosen =
                search.size === definition.front.display &&
                (search.rear ?? null) === (definition.rear?.display ?? null);
              return (
                <li key={`${definition.front.display}|${definition.rear?.display ?? ''}`}>
                  <button
                    type="button"
                    aria-pressed={chosen}
                    onClick={() =>
                      onSearch({ ...vehicleOnly, size: definition.front.display, rear: definition.rear?.display })
                    }
                    className="rounded border border-black/20 bg-white px-3 py-1 font-mono text-sm font-semibold hover:border-brand aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-white focus-visible:outline-2 focus-visible:outline-brand"
                  >
                    {definition.rear
                      ? `Front ${definition.front.display} · Rear ${definition.rear.display}`
                      : definition.front.display}
                    {definition.isOriginal ? (
                      <span className="ml-1 text-[10px] font-bold uppercase opacity-80">OE</span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
