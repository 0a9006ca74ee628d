/**
 * SPEC.md §2, §8: the checkout banner, 'Error: {message}' with a link to support (a plain link: the banner also
 * shows outside the router's pages, and leaving a failed checkout may as well load the page afresh).
 */
export function ErrorBanner({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded border border-brand/30 bg-brand/5 px-4 py-3 text-sm text-brand-dark">
      <p className="font-bold">Error: {message}</p>
      <p className="mt-1">
        Need help?{' '}
        <a href="/contact-us" className="underline">
          Contact support
        </a>
      </p>
    </div>
  );
}
