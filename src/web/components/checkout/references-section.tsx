import { useId } from 'react';
import { FormField } from '../session/form-field';
import { CheckoutSection } from './checkout-section';
import type { CheckoutReferencesState, ReferenceField } from './use-checkout-references';

/** Stock number, order number (optional, at most 35 characters) and delivery notes. */
export function ReferencesSection({ form }: { form: CheckoutReferencesState }) {
  const notesId = useId();
  const field = (name: ReferenceField) => ({
    value: form.values[name],
    error: form.error(name),
    onChange: (event: { target: { value: string } }) => form.change(name, event.target.value),
    onBlur: () => form.blur(name),
  });
  const notes = field('deliveryNotes');
  return (
    <CheckoutSection title="Your references">
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="Stock number" autoComplete="off" {...field('stockNumber')} />
        <FormField label="Order number" autoComplete="off" {...field('orderNumber')} />
      </div>
      <div className="mt-4 space-y-1">
        <label htmlFor={notesId} className="block text-sm font-semibold text-ink">
          Delivery notes
        </label>
        <textarea
          id={notesId}
          rows={3}
          maxLength={500}
          value={notes.value}
          onChange={notes.onChange}
          onBlur={notes.onBlur}
          aria-invalid={notes.error ? true : undefined}
          aria-describedby={notes.error ? `${notesId}-error` : undefined}
          className="block w-full rounded border border-black/20 px-3 py-2 text-sm focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-brand"
        />
        {notes.error ? (
          <p id={`${notesId}-error`} className="text-sm text-brand">
            {notes.error}
          </p>
        ) : null}
      </div>
    </CheckoutSection>
  );
}
