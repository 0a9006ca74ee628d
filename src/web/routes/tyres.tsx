import { Outlet, createFileRoute } from '@tanstack/react-router';

/** The tyre catalogue: the search (index) and one page per tyre ($slug). */
export const Route = createFileRoute('/tyres')({
  staticData: { title: 'Tyres' },
  component: Outlet,
});
