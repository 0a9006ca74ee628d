import { useQuery } from '@tanstack/react-query';
import { vehicleMakesQuery, vehicleModelsQuery } from '../../api/queries/catalogue';
import { useApi } from '../../session/session-context';

export interface VehicleChoice {
  readonly make?: number | undefined;
  readonly model?: string | undefined;
  readonly vehicle?: number | undefined;
}

export const pickerFieldClass =
  'w-full rounded border border-black/20 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand disabled:bg-panel disabled:text-black/60';
export const pickerLabelClass = 'text-xs font-bold uppercase tracking-wide text-black/60';

/**
 * Make → model → series. Each choice clears the ones after it; the series' key is the vehicle id.
 * The choice lives in the page's URL, so the pickers hold no state of their own.
 */
export function VehicleSelects({
  choice,
  onMake,
  onModel,
  onSeries,
}: {
  choice: VehicleChoice;
  onMake: (make: number | undefined) => void;
  onModel: (model: string | undefined) => void;
  onSeries: (vehicle: number | undefined) => void;
}) {
  const api = useApi();
  const makes = useQuery(vehicleMakesQuery(api));
  const models = useQuery({ ...vehicleModelsQuery(api, choice.make ?? 0), enabled: choice.make !== undefined });
  const series = models.data?.find((model) => model.key === choice.model)?.series ?? [];
  return (
    <div className="grid gap-2 sm:grid-cols-3">
      <label className="space-y-1">
        <span className={pickerLabelClass}>Make</span>
        <select
          className={pickerFieldClass}
          value={choice.make ?? ''}
          onChange={(event) => onMake(event.target.value ? Number(event.target.value) : undefined)}
        >
          <option value="">{makes.data?.length === 0 ? 'No data available' : 'Select a make'}</option>
          {makes.data?.map((make) => (
            <option key={make.key} value={make.key}>
              {make.label}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1">
        <span className={pickerLabelClass}>Model</span>
        <select
          className={pickerFieldClass}
          value={choice.model ?? ''}
          disabled={choice.make === undefined}
          onChange={(event) => onModel(event.target.value || undefined)}
        >
          <option value="">{models.data?.length === 0 ? 'No data available' : 'Select a model'}</option>
          {models.data?.map((model) => (
            <option key={model.key} value={model.key}>
              {model.label}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1">
        <span className={pickerLabelClass}>Series</span>
        <select
          className={pickerFieldClass}
          value={choice.vehicle ?? ''}
          disabled={choice.model === undefined}
          onChange={(event) => onSeries(event.target.value ? Number(event.target.value) : undefined)}
        >
          <option value="">Select a series</option>
          {series.map((entry) => (
            <option key={entry.key} value={entry.key}>
              {entry.label} ({entry.years})
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
