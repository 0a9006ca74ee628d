import { createFileRoute } from '@tanstack/react-router';
import { EntryPoints } from '../components/home/entry-points';
import { HomeHero } from '../components/home/home-hero';
import { MerchandiseTiles } from '../components/home/merchandise-tiles';
import { PromotionBanner } from '../components/home/promotion-banner';
import { useShellRole } from '../components/layout/use-shell-role';

export const Route = createFileRoute('/home')({
  staticData: { title: 'Home', ownHero: true },
  component: HomePage,
});

function HomePage() {
  const role = useShellRole();
  return (
    <>
      <HomeHero role={role} />
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10 sm:px-6">
        {role === 'staff' ? (
          <p role="note" className="rounded-lg border border-black/10 bg-panel p-5 text-sm text-black/70">
            You are signed in as staff. Shopping, the cart and returns are available while acting for a customer
            account.
          </p>
        ) : (
          <>
            <EntryPoints />
            <PromotionBanner />
            <MerchandiseTiles />
          </>
        )}
      </div>
    </>
  );
}
