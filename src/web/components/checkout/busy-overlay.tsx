/** Covers the page while placing the order takes longer than 1 s (machines/checkout-result's busyOverlay). */
export function BusyOverlay({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-white/80 text-sm font-bold text-ink"
    >
      <span
        aria-hidden="true"
        className="h-12 w-12 animate-spin rounded-full border-4 border-black/10 border-t-brand"
      />
      <span>{label}</span>
    </div>
  );
}
