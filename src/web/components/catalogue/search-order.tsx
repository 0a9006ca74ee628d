import { type ArriveWithin, type SortOption, arriveWithin, sortOptions } from './catalogue-search-params';

export interface SearchOrderProps {
  /** The page's URL search: its order and arrival day. */
  readonly search: { readonly sort?: SortOption | undefined; readonly arrive?: ArriveWithin | undefined };
  /** Visitors see no prices or stock: no price or availability order, no arrival filter. */
  readonly priced: boolean;
  /** A change goes into the page's URL search; either starts the list again from its first page. */
  readonly onChange: (patch: { sort?: SortOption; arrive?: ArriveWithin | undefined; page: undefined }) => void;
}

const selectClass =
  'w-full rounded border border-black/20 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand';
/** Over the field like the finder's own labels; on a phone, for screen readers only, as the size box's is there. */
const labelClass = 'block text-xs font-bold uppercase tracking-wide whitespace-nowrap text-black/60 max-sm:sr-only';
const fieldClass = 'min-w-0 space-y-1 max-sm:flex-1';

/**
 * Sort and 'Can arrive by', placed straight after the search box: the counter types a size, then one Tab reaches the
 * order and two the arrival day, before the Search button and the filters. Native selects, for the keyboard.
 */
export function SearchOrder(props: SearchOrderProps) {
  return (
    <>
      <label className={fieldClass}>
        <span className={labelClass}>Sort</span>
        <select
          className={selectClass}
          value={props.search.sort ?? 'name-asc'}
          onChange={(event) => props.onChange({ sort: event.target.value as SortOption, page: undefined })}
        >
          {Object.entries(sortOptions)
            .filter(([, option]) => props.priced || !option.priced)
            .map(([value, option]) => (
              <option key={value} value={value}>
                {option.label}
              </option>
            ))}
        </select>
      </label>
      {props.priced ? (
        <label className={fieldClass}>
          <span className={labelClass}>Can arrive by</span>
          <select
            className={selectClass}
            value={props.search.arrive ?? ''}
            onChange={(event) =>
              props.onChange({
                arrive: (event.target.value || undefined) as ArriveWithin | undefined,
                page: undefined,
              })
            }
          >
            <option value="">Any day</option>
            {Object.entries(arriveWithin).map(([value, choice]) => (
              <option key={value} value={value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </>
  );
}
