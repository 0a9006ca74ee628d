import { Outlet, createFileRoute } from '@tanstack/react-router';

/** The wheel catalogue: the search (index) and one page per wheel ($slug). */
export const Route = createFileRoute('/wheels')({
  staticData: { title: 'Wheels' },
  component: Outlet,
});
