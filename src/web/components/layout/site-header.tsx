import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { siteSettingsQuery } from '../../api/queries/global';
import { useApi, useCurrentUser } from '../../session/session-context';
import { useUserMay } from '../../session/user-may';
import { CustomisationLink } from './customisation-link';
import { PhoneIcon } from './icons';
import { MobileMenu } from './mobile-menu';
import { programLinks, shopLinks } from './shop-links';
import { signedInHeader } from './signed-in-header-parts';
import { SiteLogo } from './site-logo';
import { type ShellRole, useShellRole } from './use-shell-role';

const navLinkClass =
  'rounded px-3 py-2 text-sm font-semibold uppercase tracking-wide text-ink hover:text-brand focus-visible:outline-2 focus-visible:outline-brand data-[status=active]:text-brand';

/** The header for every role: visitors (Login, Register), customers (shop, programs, cart) and staff (no shopping). */
export function SiteHeader() {
  const role = useShellRole();
  const parts = useSignedInHeader();
  const may = useUserMay();
  return (
    <header>
      <UtilityBar role={role} />
      <div className="border-b border-black/10 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:gap-6">
          {role === 'checking' ? null : <MobileMenu role={role} />}
          <SiteLogo />
          <MainNav role={role} />
          <div className="ml-auto flex items-center gap-2">
            {role === 'customer' && parts ? <parts.CounterPriceSwitch /> : null}
            {role === 'customer' && may.buy && parts ? <parts.CartButton /> : null}
          </div>
        </div>
      </div>
    </header>
  );
}

/**
 * The signed-in parts of the header (signed-in-header.tsx). useShellRole draws a signed-in shell only once they have
 * arrived, so for a customer or staff member they are there (unless their chunk could not be fetched).
 */
function useSignedInHeader() {
  const part = signedInHeader.usePart(false);
  return part.status === 'loaded' ? part.module : undefined;
}

function UtilityBar({ role }: { role: ShellRole }) {
  const UserMenu = useSignedInHeader()?.UserMenu;
  const phone = useQuery({ ...siteSettingsQuery(useApi()), select: (settings) => settings.phone }).data;
  return (
    <div className="bg-ink text-sm text-white">
      <div className="mx-auto flex h-10 max-w-7xl items-center gap-4 px-4 sm:px-6">
        {phone ? (
          <a
            href={`tel:${phone.replace(/\s/g, '')}`}
            className="hidden items-center gap-2 text-white/80 hover:text-white sm:inline-flex"
          >
            <PhoneIcon className="h-3.5 w-3.5" />
            <span>Trade sales {phone}</span>
          </a>
        ) : null}
        <div className="ml-auto flex items-center gap-1">
          {role === 'visitor' ? (
            <>
              <Link
                to="/login"
                className="rounded px-3 py-1 font-medium hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
              >
                Login
              </Link>
              <Link
                to="/register"
                className="rounded bg-brand px-3 py-1 font-medium hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-white"
              >
                Register
              </Link>
            </>
          ) : null}
          {(role === 'customer' || role === 'staff') && UserMenu ? <UserMenu /> : null}
        </div>
      </div>
    </div>
  );
}

function MainNav({ role }: { role: ShellRole }) {
  const user = useCurrentUser();
  const ProgramsMenu = useSignedInHeader()?.ProgramsMenu;
  const may = useUserMay();
  if (role === 'checking') return null;
  const programs = role === 'customer' ? programLinks(user) : [];
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
      {role === 'staff'
        ? null
        : shopLinks.map((link) => (
            <Link key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </Link>
          ))}
      {role === 'customer' && may.buy ? (
        <Link to="/quick-order" className={navLinkClass}>
          Quick order
        </Link>
      ) : null}
      {programs.length > 0 && ProgramsMenu ? <ProgramsMenu programs={programs} /> : null}
      <CustomisationLink className={`${navLinkClass} inline-flex items-center gap-1.5`} />
    </nav>
  );
}
