import { useId } from 'react';
import { loadIndexOf } from '../../../domain/load-index';
import type { FacetOption } from './facet-group';

/**
 * "Load index at least": a choice of the load indexes the shown load ratings carry (a dual rating '121/118' by its
 * first number), or any.
 */
export function LoadIndexMinimumFilter({
  loadRatings,
  minimum,
  onChange,
}: {
  loadRatings: readonly FacetOption<string>[];
  minimum: number | undefined;
  onChange: (minimum: number | undefined) => void;
}) {
  const id = useId();
  const indexes = new Set(loadRatings.flatMap((option) => loadIndexOf(option.value) ?? []));
  // A chosen minimum stays offered even when the other filters leave no tyre of exactly that index.
  if (minimum !== undefined) indexes.add(minimum);
  if (indexes.size === 0) return null;
  return (
    <div className="border-t border-black/10 py-2">
      <label htmlFor={id} className="mb-1 block text-xs font-bold uppercase tracking-wide text-black/60">
        Load index at least
      </label>
      <select
        id={id}
        value={minimum ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        className="w-full rounded border border-black/20 px-1 py-0.5 text-sm"
      >
        <option value="">Any</option>
        {[...indexes]
          .sort((a, b) => a - b)
          .map((index) => (
            <option key={index} value={index}>
              {index}
            </option>
          ))}
      </select>
    </div>
  );
}
