import { useQuery } from '@tanstack/react-query';
import { homePromotionBannerQuery } from '../../api/queries/home';
import { useApi } from '../../session/session-context';
import { LoadError } from '../layout/load-error';
import { ContentLink } from './content-link';

/** The home page's promotion banner (Home/PromotionBanner); nothing when no promotion is running. */
export function PromotionBanner() {
  const { data: banner, error, isPending } = useQuery(homePromotionBannerQuery(useApi()));
  if (error) return <LoadError error={error} what="The promotion" />;
  if (isPending) return <div aria-hidden="true" className="aspect-[4/1] w-full animate-pulse rounded-lg bg-panel" />;
  if (!banner) return null;
  return (
    <section aria-label="Current promotion">
      <ContentLink
        href={banner.linkUrl}
        className="block overflow-hidden rounded-lg shadow-sm ring-1 ring-black/5 transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        <img
          src={banner.picture.imageUrl}
          alt={banner.picture.alternateText}
          title={banner.picture.title}
          width={1600}
          height={400}
          className="block h-auto w-full"
        />
      </ContentLink>
    </section>
  );
}
