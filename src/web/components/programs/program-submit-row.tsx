import { primaryButtonClass } from '../session/form-field';

export function ProgramSubmitRow({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <div className="space-y-2">
      <button type="submit" className={`${primaryButtonClass} sm:w-auto`} disabled={busy} aria-busy={busy || undefined}>
        {busy ? busyLabel : label}
      </button>
      <p className="text-xs text-black/60">Fields are required unless marked optional.</p>
    </div>
  );
}
