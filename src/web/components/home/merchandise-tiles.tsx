import { useQuery } from '@tanstack/react-query';
import { homeMerchandiseQuery } from '../../api/queries/home';
import { useApi } from '../../session/session-context';
import { ChevronRightIcon } from '../layout/icons';
import { LoadError } from '../layout/load-error';
import { ContentLink } from './content-link';

/** The home page's merchandise tiles (Home/Merchandise). */
export function MerchandiseTiles() {
  const { data: tiles, error, isPending } = useQuery(homeMerchandiseQuery(useApi()));
  if (error) return <LoadError error={error} what="Accessories & Equipment" />;
  if (!isPending && tiles.length === 0) return null;
  return (
    <section aria-labelledby="home-merchandise" className="space-y-5">
      <div className="flex items-end justify-between gap-4">
        <h2 id="home-merchandise" className="text-2xl font-extrabold tracking-tight">
          Accessories & Equipment
        </h2>
      </div>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {isPending
          ? [0, 1, 2, 3].map((slot) => (
              <li key={slot} aria-hidden="true" className="aspect-[4/3] animate-pulse rounded-lg bg-panel" />
            ))
          : tiles.map((tile) => (
              <li key={tile.id}>
                <ContentLink
                  href={tile.linkUrl}
                  className="group block overflow-hidden rounded-lg border border-black/10 bg-white transition hover:border-brand hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                >
                  <img
                    src={tile.picture.imageUrl}
                    alt={tile.picture.alternateText}
                    width={800}
                    height={600}
                    loading="lazy"
                    className="block aspect-[4/3] h-auto w-full bg-panel object-cover"
                  />
                  <span className="flex items-center justify-between px-4 py-3 font-semibold group-hover:text-brand">
                    {tile.title}
                    <ChevronRightIcon className="h-4 w-4" />
                  </span>
                </ContentLink>
              </li>
            ))}
      </ul>
    </section>
  );
}
