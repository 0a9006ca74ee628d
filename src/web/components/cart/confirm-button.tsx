import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

/** A button that asks before it acts (SPEC.md §2's delete and remove-all questions). */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  className,
  children,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger aria-label={label} className={className}>
        {children}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[70] w-80 max-w-[90vw] -translate-x-1/2 -translate-y-1/2 rounded bg-white p-4 shadow-xl">
          <AlertDialog.Title className="font-bold text-ink">{label}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm">{question}</AlertDialog.Description>
          <div className="mt-4 flex justify-end gap-2">
            <AlertDialog.Cancel className="rounded border border-black/20 px-3 py-1.5 text-sm">
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onConfirm}
              className="rounded bg-red-700 px-3 py-1.5 text-sm font-bold text-white"
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
