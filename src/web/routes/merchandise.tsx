import { createFileRoute } from '@tanstack/react-router';
import { CatalogueSearchShortcut } from '../components/catalogue/catalogue-search-shortcut';

/** Accessories & Equipment: the search (index) and one page per item ($slug). */
export const Route = createFileRoute('/merchandise')({
  staticData: { title: 'Accessories & Equipment' },
  component: () => <CatalogueSearchShortcut searchPage="/merchandise" />,
});
