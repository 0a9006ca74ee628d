import { useId, useState } from 'react';

export interface FacetOption<V> {
  readonly value: V;
  readonly count: number;
}

const COLLAPSED = 8;

/** One filter of the side panel: checkboxes with counts; long lists fold after eight entries. */
export function FacetGroup<V extends string | number>({
  title,
  options,
  selected,
  onToggle,
  format = String,
}: {
  title: string;
  options: readonly FacetOption<V>[];
  selected: readonly V[] | undefined;
  onToggle: (value: V) => void;
  format?: (value: V) => string;
}) {
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const chosen = selected ?? [];
  // A chosen value stays visible even when the other filters leave it no matches.
  const all = [
    ...options,
    ...chosen
      .filter((value) => !options.some((option) => option.value === value))
      .map((value) => ({ value, count: 0 })),
  ];
  if (all.length === 0) return null;
  const shown = expanded ? all : all.slice(0, COLLAPSED);
  return (
    <fieldset aria-labelledby={headingId} className="border-t border-black/10 py-2">
      <legend id={headingId} className="float-left mb-1 w-full text-xs font-bold uppercase tracking-wide text-black/60">
        {title}
      </legend>
      <ul className="clear-both space-y-0.5">
        {shown.map((option) => (
          <li key={String(option.value)}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-panel">
              <input
                type="checkbox"
                checked={chosen.includes(option.value)}
                onChange={() => onToggle(option.value)}
                className="h-3.5 w-3.5 accent-brand"
              />
              <span className="flex-1 truncate">{format(option.value)}</span>
              <span className="text-xs tabular-nums text-black/60">{option.count}</span>
            </label>
          </li>
        ))}
      </ul>
      {all.length > COLLAPSED ? (
        <button
          type="button"
          onClick={() => setExpanded(!expanded)}
          className="mt-1 text-xs font-semibold text-brand hover:underline"
        >
          {expanded ? 'Show fewer' : `Show all ${all.length}`}
        </button>
      ) : null}
    </fieldset>
  );
}
