/** A loading indicator with a spoken label. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-24 text-sm text-black/60">
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-black/10 border-t-brand"
      />
      <span>{label}</span>
    </div>
  );
}

/** Shown while the session is checked, before a page knows who is looking at it. */
export function SessionSpinner() {
  return <Spinner label="Checking your session…" />;
}
