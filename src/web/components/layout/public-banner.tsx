import { Link } from '@tanstack/react-router';
import { InfoIcon } from './icons';

/** What visitors see instead of the notification bar: prices, stock and ordering need a trade account. */
export function PublicBanner() {
  return (
    <section aria-label="Trade customers" className="border-b border-black/10 bg-panel">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-2 text-center text-sm text-ink sm:px-6">
        <InfoIcon className="h-4 w-4 shrink-0 text-brand" />
        <p>Trade customers: log in to see your pricing and stock, and to order.</p>
        <p className="flex gap-3 font-semibold">
          <Link to="/login" className="text-brand hover:underline">
            Log in
          </Link>
          <Link to="/contact-us" className="text-brand hover:underline">
            Contact us about an account
          </Link>
        </p>
      </div>
    </section>
  );
}
