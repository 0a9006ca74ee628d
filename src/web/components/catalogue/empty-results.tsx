import type { ReactNode } from 'react';

/** What a search with no matches says, with a way out. */
export function EmptyResults({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-black/20 px-6 py-12 text-center">
      <p className="text-lg font-bold">{title}</p>
      <div className="mt-2 text-sm text-black/65">{children}</div>
    </div>
  );
}
