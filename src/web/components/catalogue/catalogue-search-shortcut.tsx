import { Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

/** The attribute that marks a catalogue section's search box, for the '/' shortcut. */
export const CATALOGUE_SEARCH_BOX = 'data-catalogue-search';

/** Typing into one of these is typing, not a shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A catalogue section's frame: '/' (as on many search sites) puts the cursor in the section's search box from
 * anywhere in the section, or opens the section's search page (which focuses its box) from a product page.
 * Ignored while typing in a field or with a modifier held.
 */
export function CatalogueSearchShortcut({ searchPage }: { searchPage: '/tyres' | '/wheels' | '/merchandise' }) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTypingTarget(event.target)) return;
      event.preventDefault();
      const box = document.querySelector<HTMLInputElement>(`[${CATALOGUE_SEARCH_BOX}]`);
      if (box) {
        box.focus();
        box.select();
      } else {
        void navigate({ to: searchPage });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, searchPage]);
  return <Outlet />;
}
