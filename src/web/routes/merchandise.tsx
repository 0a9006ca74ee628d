import { Outlet, createFileRoute } from '@tanstack/react-router';

/** Accessories & Equipment: the search (index) and one page per item ($slug). */
export const Route = createFileRoute('/merchandise')({
  staticData: { title: 'Accessories & Equipment' },
  component: Outlet,
});
