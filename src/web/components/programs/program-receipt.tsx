import { useEffect, useRef } from 'react';
import type { FormReceipt } from '../../../contract/forms';
import { secondaryButtonClass } from '../forms/form-controls';
import { focusOnArrival } from '../layout/focus-on-arrival';

/** The answer to a claim, sign-up or redemption: its reference, what happens next, and a way to send another. */
export function ProgramReceipt({
  receipt,
  onAnother,
  anotherLabel,
}: {
  receipt: FormReceipt;
  onAnother: () => void;
  anotherLabel: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: bring the person (and their screen reader) to the answer.
  useEffect(() => {
    focusOnArrival(heading.current);
  }, []);
  return (
    <div role="status" className="space-y-3 rounded-lg border border-emerald-600/30 bg-emerald-50 p-6">
      <h3 ref={heading} tabIndex={-1} className="text-lg font-bold text-ink outline-none">
        Thank you
      </h3>
      <p className="text-sm text-black/70">Your reference number</p>
      <p className="font-mono text-2xl font-extrabold tracking-wider text-ink" data-testid="program-reference">
        {receipt.reference}
      </p>
      <p className="max-w-prose text-sm text-black/80">{receipt.message}</p>
      <button type="button" className={secondaryButtonClass} onClick={onAnother}>
        {anotherLabel}
      </button>
    </div>
  );
}
