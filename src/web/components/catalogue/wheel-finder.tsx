import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { vehicleWheelDefinitionsQuery, wheelSearchParametersQuery } from '../../api/queries/catalogue';
import { useApi } from '../../session/session-context';
import { CatalogueTextSearch } from './catalogue-text-search';
import { FinderTabs } from './finder-tabs';
import { VehicleSelects, pickerFieldClass, pickerLabelClass } from './vehicle-selects';
import type { WheelSearchParams } from './wheel-search-params';

type Patch = Partial<WheelSearchParams>;

const freshSearch: Patch = {
  brands: undefined,
  designs: undefined,
  colours: undefined,
  performances: undefined,
  sizes: undefined,
  widths: undefined,
  pcds: undefined,
  seats: undefined,
  offsetMin: undefined,
  offsetMax: undefined,
  page: undefined,
};

/** Search wheels by text (brand, design, SKU) or by vehicle: its PCD, rim sizes and offset range become filters. */
export function WheelFinder({
  search,
  trade,
  order,
  onSearch,
}: {
  search: WheelSearchParams;
  trade: boolean;
  /** Sort and arrival day (SearchOrder), beside the search box. */
  order: ReactNode;
  onSearch: (patch: Patch) => void;
}) {
  return (
    <FinderTabs
      products="wheels"
      mode={search.by ?? (search.vehicle ? 'vehicle' : 'size')}
      onChoose={(by) => onSearch({ by })}
      bySize={
        <>
          <CatalogueTextSearch
            key={search.q ?? ''}
            label="Search wheels"
            placeholder="Brand, design, colour or SKU; narrow by rim size and PCD on the left"
            initial={search.q ?? ''}
            order={order}
            onSearch={(q) => onSearch({ q, page: undefined })}
          />
          <WheelSizePickers search={search} trade={trade} onSearch={onSearch} />
        </>
      }
      byVehicle={<WheelVehicleSearch search={search} onSearch={onSearch} />}
    />
  );
}

/** Rim size, width and PCD: one value each (the filter column takes several). */
function WheelSizePickers({
  search,
  trade,
  onSearch,
}: {
  search: WheelSearchParams;
  trade: boolean;
  onSearch: (patch: Patch) => void;
}) {
  const parameters = useQuery(wheelSearchParametersQuery(useApi(), trade)).data;
  const single = (list: readonly (string | number)[] | undefined) => (list?.length === 1 ? String(list[0]) : '');
  const pickers = [
    {
      key: 'sizes',
      label: 'Rim',
      options: parameters?.sizes.map((value) => ({ value: String(value), label: `${value}"` })),
      parse: Number,
    },
    {
      key: 'widths',
      label: 'Width',
      options: parameters?.widths.map((value) => ({ value: String(value), label: `${value}J` })),
      parse: Number,
    },
    { key: 'pcds', label: 'PCD', options: parameters?.pcds.map((value) => ({ value, label: value })), parse: String },
  ] as const;
  return (
    <div className="grid grid-cols-3 gap-2 sm:w-96">
      {pickers.map((picker) => (
        <label key={picker.key} className="space-y-1">
          <span className={pickerLabelClass}>{picker.label}</span>
          <select
            className={pickerFieldClass}
            value={single(search[picker.key])}
            onChange={(event) =>
              onSearch({
                [picker.key]: event.target.value === '' ? undefined : [picker.parse(event.target.value)],
                vehicle: undefined,
                page: undefined,
              })
            }
          >
            <option value="">Any</option>
            {picker.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}

function WheelVehicleSearch({ search, onSearch }: { search: WheelSearchParams; onSearch: (patch: Patch) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const fitment = useQuery({
    ...vehicleWheelDefinitionsQuery(api, search.vehicle ?? 0),
    enabled: search.vehicle !== undefined,
  });
  const vehicleOnly: Patch = { ...freshSearch, by: 'vehicle', q: undefined };
  const chooseSeries = async (vehicleId: number | undefined) => {
    if (vehicleId === undefined) {
      onSearch({ ...vehicleOnly, vehicle: undefined });
      return;
    }
    const answer = await queryClient.fetchQuery(vehicleWheelDefinitionsQuery(api, vehicleId));
    onSearch({
      ...vehicleOnly,
      vehicle: vehicleId,
      pcds: [answer.pcd],
      sizes: answer.diameters,
      offsetMin: answer.offsetMin,
      offsetMax: answer.offsetMax,
    });
  };
  return (
    <div className="space-y-2">
      <VehicleSelects
        choice={search}
        onMake={(make) => onSearch({ ...vehicleOnly, make, model: undefined, vehicle: undefined })}
        onModel={(model) => onSearch({ ...vehicleOnly, model, vehicle: undefined })}
        onSeries={(vehicle) => void chooseSeries(vehicle)}
      />
      {fitment.data && search.vehicle !== undefined ? (
        <p className="text-sm">
          <span className={pickerLabelClass}>Fitment </span>
          PCD <strong className="font-mono">{fitment.data.pcd}</strong> · centre bore {fitment.data.centreBore} mm ·{' '}
          {fitment.data.thread} {fitment.data.fastener.toLowerCase()}s · offset {fitment.data.offsetMin} to{' '}
          {fitment.data.offsetMax} · rims {fitment.data.diameters.map((size) => `${size}"`).join(', ')}
        </p>
      ) : null}
    </div>
  );
}
