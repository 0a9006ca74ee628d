import { BackButton } from './back-button';
import { Breadcrumbs } from './breadcrumbs';
import type { Crumb } from './route-meta';

/**
 * The heading band of a page over the wide car background, with breadcrumbs and the back button. `slim` folds it
 * to one line without the car (catalogue pages once a search is made), so the results start within the first screen.
 */
export function PageHero({ title, crumbs, slim = false }: { title: string; crumbs: readonly Crumb[]; slim?: boolean }) {
  if (slim) {
    return (
      <div className="bg-ink text-white">
        <div className="mx-auto flex max-w-7xl items-center gap-x-4 gap-y-1 px-4 py-1.5 sm:px-6">
          <h1 className="text-lg font-extrabold tracking-tight">{title}</h1>
          <div className="min-w-0">
            <Breadcrumbs crumbs={crumbs} />
          </div>
          <div className="ml-auto">
            <BackButton slim />
          </div>
        </div>
      </div>
    );
  }
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
