import { Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isShortcutKey } from '../layout/shortcut-key';

/** The attribute that marks a catalogue section's search box, for the '/' shortcut. */
export const CATALOGUE_SEARCH_BOX = 'data-catalogue-search';

/** Puts the cursor in the section's search box, its text selected; false when the page shows none. */
function focusSearchBox(): boolean {
  const box = document.querySelector<HTMLInputElement>(`[${CATALOGUE_SEARCH_BOX}]`);
  box?.focus();
  box?.select();
  return box !== null;
}

/**
 * A catalogue section's frame: '/' (as on many search sites) puts the cursor in the section's search box on the
 * section's search page, or opens that page (which focuses its box) from a product page. Where the customer is comes
 * from the address, not from what is on screen: while a product page loads, the search page it was opened from is
 * still shown, and its box must not take the '/'. Ignored while typing in a field or with a modifier held
 * (isShortcutKey).
 */
export function CatalogueSearchShortcut({ searchPage }: { searchPage: '/tyres' | '/wheels' | '/merchandise' }) {
  const router = useRouter();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcutKey(event, '/')) return;
      event.preventDefault();
      const onSearchPage = router.latestLocation.pathname.replace(/\/+$/, '') === searchPage;
      // Opened from a product page still loading, the search page on screen stays mounted and focuses nothing itself.
      if (!(onSearchPage && focusSearchBox())) void router.navigate({ to: searchPage }).then(focusSearchBox);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [router, searchPage]);
  return <Outlet />;
}
