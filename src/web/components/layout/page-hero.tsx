import { BackButton } from './back-button';
import { Breadcrumbs } from './breadcrumbs';
import type { Crumb } from './route-meta';

/** The heading band of a page over the wide car background, with breadcrumbs and the back button. */
export function PageHero({ title, crumbs }: { title: string; crumbs: readonly Crumb[] }) {
  return (
    <div className="car-background bg-ink text-white">
      <div className="mx-auto flex min-h-44 max-w-7xl flex-col justify-end gap-4 px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Breadcrumbs crumbs={crumbs} />
          <BackButton />
        </div>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      </div>
    </div>
  );
}
