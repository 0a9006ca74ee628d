import { createFileRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';

/** Development only: in a production build this route answers not-found and its page is not in the bundle. */
export const Route = createFileRoute('/dev/machines')({
  staticData: { title: 'Statecharts' },
  beforeLoad: () => {
    if (!import.meta.env.DEV) throw notFound();
  },
  component: import.meta.env.DEV
    ? lazyRouteComponent(() => import('../dev/machines-page'), 'MachinesPage')
    : () => null,
});
