import { Link } from '@tanstack/react-router';
import { ChevronRightIcon } from './icons';
import type { Crumb } from './route-meta';

/** Home › … › current page; the current page is not a link. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-white/75">
        <li>
          <Link to="/home" className="hover:text-white hover:underline">
            Home
          </Link>
        </li>
        {crumbs.map((crumb, index) => {
          const current = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              <ChevronRightIcon className="h-3.5 w-3.5 text-white/50" />
              {current ? (
                <span aria-current="page" className="font-medium text-white">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.path} className="hover:text-white hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
