import { Outlet } from '@tanstack/react-router';
import { NotificationBar } from '../notification-bar/notification-bar';
import { ImpersonationBanner } from '../session/impersonation-banner';
import { BackToTop } from './back-to-top';
import { PageHero } from './page-hero';
import { PublicBanner } from './public-banner';
import { usePageMeta } from './route-meta';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SessionSpinner } from './spinner';
import { useShellRole } from './use-shell-role';

/** Every page: header, notification bar or public banner, heading band, the page, footer, back-to-top. */
export function AppShell() {
  const role = useShellRole();
  const { title, ownHero, slimHero, crumbs } = usePageMeta();
  return (
    <div className="flex min-h-screen flex-col bg-white text-ink">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {title ? <title>{`YHI | ${title}`}</title> : null}
      {/* Outside the header, so that while staff act as a customer it stays at the top of the whole page. */}
      <ImpersonationBanner />
      <SiteHeader />
      {role === 'visitor' ? <PublicBanner /> : null}
      {role === 'customer' || role === 'staff' ? <NotificationBar /> : null}
      <main id="main" className="flex-1">
        {role === 'checking' ? (
          <SessionSpinner />
        ) : (
          <>
            {title && !ownHero ? <PageHero title={title} crumbs={crumbs} slim={slimHero} /> : null}
            <Outlet />
          </>
        )}
      </main>
      <SiteFooter />
      <BackToTop />
    </div>
  );
}
