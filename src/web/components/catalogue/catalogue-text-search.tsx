import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { CATALOGUE_SEARCH_BOX } from './catalogue-search-shortcut';
import { pickerFieldClass, pickerLabelClass } from './vehicle-selects';

/**
 * A catalogue section's free-text search (wheels, accessories): the box, which '/' finds, the result order straight
 * after it (SearchOrder), and Search. Remount it (a key of the searched text) to start from a new search's text.
 */
export function CatalogueTextSearch({
  label,
  placeholder,
  initial,
  order,
  onSearch,
}: {
  label: string;
  placeholder: string;
  initial: string;
  order: ReactNode;
  onSearch: (q: string | undefined) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form role="search" onSubmit={submit} className="space-y-1">
      <div className="flex flex-wrap items-end gap-x-2 gap-y-1">
        <div className="min-w-0 flex-1 basis-48 space-y-1 max-sm:basis-full">
          <label htmlFor={inputId} className={`block ${pickerLabelClass}`}>
            {label}
          </label>
          <input
            id={inputId}
            type="search"
            {...{ [CATALOGUE_SEARCH_BOX]: '' }}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={placeholder}
            className={pickerFieldClass}
          />
        </div>
        {order}
        <button
          type="submit"
          className="rounded bg-brand px-4 py-1.5 text-sm font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Search
        </button>
      </div>
    </form>
  );
}
