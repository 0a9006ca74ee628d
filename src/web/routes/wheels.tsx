import { createFileRoute } from '@tanstack/react-router';
import { CatalogueSearchShortcut } from '../components/catalogue/catalogue-search-shortcut';

/** The wheel catalogue: the search (index) and one page per wheel ($slug). */
export const Route = createFileRoute('/wheels')({
  staticData: { title: 'Wheels' },
  component: () => <CatalogueSearchShortcut searchPage="/wheels" />,
});
