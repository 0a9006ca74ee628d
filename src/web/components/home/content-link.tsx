import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A link whose target comes from content (a banner's or tile's linkUrl): paths of the shop
 * navigate inside the app, anything else is an ordinary link opening in a new tab.
 */
export function ContentLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const router = useRouter();
  const internal = href.startsWith('/') && !href.startsWith('//');
  if (!internal) {
    return (
      <a href={href} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  const navigate = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a href={href} className={className} onClick={navigate}>
      {children}
    </a>
  );
}
