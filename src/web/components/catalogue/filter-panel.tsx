import { type ReactNode, useId, useState } from 'react';

/** The filter column: always shown beside the results on wide screens, folded behind a button on phones. */
export function FilterPanel({ activeCount, children }: { activeCount: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <aside
      aria-label="Filters"
      className="lg:sticky lg:top-2 lg:max-h-[calc(100vh-1rem)] lg:self-start lg:overflow-y-auto"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="w-full rounded border border-black/15 px-3 py-1.5 text-left text-sm font-semibold lg:hidden"
      >
        Filters{activeCount > 0 ? ` (${activeCount})` : ''}
      </button>
      <div id={panelId} className={`${open ? '' : 'hidden'} pt-2 lg:block lg:pt-0`}>
        {children}
      </div>
    </aside>
  );
}
