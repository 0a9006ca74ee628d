import { createFileRoute } from '@tanstack/react-router';
import { CatalogueSearchShortcut } from '../components/catalogue/catalogue-search-shortcut';

/** The tyre catalogue: the search (index) and one page per tyre ($slug). */
export const Route = createFileRoute('/tyres')({
  staticData: { title: 'Tyres' },
  component: () => <CatalogueSearchShortcut searchPage="/tyres" />,
});
