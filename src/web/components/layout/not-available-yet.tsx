import { Link } from '@tanstack/react-router';
import { InfoIcon } from './icons';

/**
 * The honest panel of a page whose capability has not been built yet: it says so, and offers
 * the way to get the same thing done today (the phone), instead of showing made-up content.
 */
export function NotAvailableYet({ what }: { what: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <div role="note" className="flex gap-4 rounded-lg border border-black/10 bg-panel p-6">
        <InfoIcon className="mt-0.5 h-6 w-6 shrink-0 text-brand" />
        <div className="space-y-2">
          <h2 className="text-lg font-bold text-ink">Not available yet</h2>
          <p className="text-sm text-black/70">
            {what} is not available on the website yet. Our trade sales team can help in the meantime.
          </p>
          <p className="flex flex-wrap gap-4 pt-2 text-sm font-semibold">
            <Link to="/contact-us" className="text-brand hover:underline">
              Contact us
            </Link>
            <Link to="/home" className="text-brand hover:underline">
              Back to home
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
