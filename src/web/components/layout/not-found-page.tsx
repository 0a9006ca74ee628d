import { Link } from '@tanstack/react-router';
import { shopLinks } from './shop-links';

/** The unknown-route page: says what happened and offers the main ways on. */
export function NotFoundPage() {
  return (
    <>
      <title>YHI | Page not found</title>
      <div className="car-background bg-ink text-white">
        <div className="mx-auto flex min-h-44 max-w-7xl flex-col justify-end px-4 py-8 sm:px-6">
          <p className="text-sm font-semibold uppercase tracking-wider text-white/70">Error 404</p>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Page not found</h1>
        </div>
      </div>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-12 sm:px-6">
        <p className="text-black/70">
          We couldn't find that page. It may have moved, or the address may have a typo. Try one of these instead:
        </p>
        <ul className="grid gap-3 sm:grid-cols-2">
          <li>
            <Link
              to="/home"
              className="block rounded-lg border border-black/10 p-4 font-semibold hover:border-brand hover:text-brand"
            >
              Home
            </Link>
          </li>
          {shopLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block rounded-lg border border-black/10 p-4 font-semibold hover:border-brand hover:text-brand"
              >
                {link.to === '/merchandise' ? 'Accessories & Equipment' : link.label}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to="/contact-us"
              className="block rounded-lg border border-black/10 p-4 font-semibold hover:border-brand hover:text-brand"
            >
              Contact us
            </Link>
          </li>
        </ul>
      </div>
    </>
  );
}
