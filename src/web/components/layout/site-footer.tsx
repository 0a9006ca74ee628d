import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { siteSettingsQuery } from '../../api/queries/global';
import { currentYear } from '../../dates/browser-clock';
import { useApi } from '../../session/session-context';
import { useUserMay } from '../../session/user-may';
import { PhoneIcon } from './icons';
import { shopLinks } from './shop-links';
import { SiteLogo } from './site-logo';
import { useShellRole } from './use-shell-role';

const headingClass = 'text-xs font-semibold uppercase tracking-wider text-white/50';
const linkClass = 'text-sm text-white/80 hover:text-white hover:underline';

export function SiteFooter() {
  const role = useShellRole();
  // Visitors are offered the forms (they sign in on the way); a signed-in customer only when their role lodges them.
  const may = useUserMay();
  const offersRequests = role !== 'staff' && (role !== 'customer' || may.seeRequests);
  const settings = useQuery(siteSettingsQuery(useApi())).data;
  const year = currentYear();
  return (
    <footer className="mt-16 bg-ink text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-4">
          <div className="inline-block rounded bg-white px-3 py-2">
            <SiteLogo className="h-7" />
          </div>
          <p className="text-sm text-white/70">
            Tyres, wheels and workshop equipment for the Australian automotive trade.
          </p>
          {settings ? (
            <p className="space-y-1 text-sm">
              <a
                href={`tel:${settings.phone.replace(/\s/g, '')}`}
                className="inline-flex items-center gap-2 font-semibold hover:underline"
              >
                <PhoneIcon className="h-4 w-4" />
                {settings.phone}
              </a>
              <br />
              <a href={`mailto:${settings.email}`} className="text-white/80 hover:underline">
                {settings.email}
              </a>
            </p>
          ) : null}
        </div>
        {role === 'staff' ? null : (
          <nav aria-label="Shop" className="space-y-3">
            <h2 className={headingClass}>Shop</h2>
            <ul className="space-y-2">
              {shopLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.to === '/merchandise' ? 'Accessories & Equipment' : link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <nav aria-label="Customer service" className="space-y-3">
          <h2 className={headingClass}>Customer service</h2>
          <ul className="space-y-2">
            <li>
              <Link to="/contact-us" className={linkClass}>
                Contact us
              </Link>
            </li>
            {offersRequests ? (
              <>
                <li>
                  <Link to="/product-returns" className={linkClass}>
                    Product returns
                  </Link>
                </li>
                <li>
                  <Link to="/warranty-claims" className={linkClass}>
                    Warranty claims
                  </Link>
                </li>
              </>
            ) : null}
            {role === 'staff' ? null : (
              <li>
                <Link to="/become-a-dealer" className={linkClass}>
                  Become a dealer
                </Link>
              </li>
            )}
            {role === 'visitor' ? (
              <li>
                <Link to="/register" className={linkClass}>
                  Apply for a trade account
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
        <nav aria-label="Policies" className="space-y-3">
          <h2 className={headingClass}>Policies</h2>
          <ul className="space-y-2">
            {role === 'staff' ? null : (
              <li>
                <Link to="/returns-policy" className={linkClass}>
                  Returns policy
                </Link>
              </li>
            )}
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy policy
              </Link>
            </li>
            <li>
              <Link to="/terms-and-conditions" className={linkClass}>
                Terms and conditions
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-white/60 sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>
            © {year} {settings?.companyName ?? 'YHI Trade'}. Prices exclude GST unless stated.
          </p>
          <p>
            This site is protected by reCAPTCHA and the Google{' '}
            <a
              href="https://policies.google.com/privacy"
              className="underline hover:text-white"
              target="_blank"
              rel="noopener noreferrer"
            >
              Privacy Policy
            </a>{' '}
            and{' '}
            <a
              href="https://policies.google.com/terms"
              className="underline hover:text-white"
              target="_blank"
              rel="noopener noreferrer"
            >
              Terms of Service
            </a>{' '}
            apply.
          </p>
        </div>
      </div>
    </footer>
  );
}
