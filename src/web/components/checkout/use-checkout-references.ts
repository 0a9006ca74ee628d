import { useState } from 'react';
import { completeBodySchema } from '../../../contract/checkout';

export type ReferenceField = 'stockNumber' | 'orderNumber' | 'deliveryNotes';
export type CheckoutReferences = Record<ReferenceField, string>;

const fieldSchemas = {
  stockNumber: completeBodySchema.shape.stockNumber,
  orderNumber: completeBodySchema.shape.orderNumber,
  deliveryNotes: completeBodySchema.shape.deliveryNotes,
} as const;

const fields = Object.keys(fieldSchemas) as ReferenceField[];

/** The contract's message for a value (the same zod schema the server parses Checkout/Complete with). */
export function referenceError(field: ReferenceField, value: string): string | undefined {
  const parsed = fieldSchemas[field].safeParse(value.trim() === '' ? null : value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** A blank reference is sent as null (SPEC.md §5: optional, may be null). */
export function referenceValue(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The checkout form's stock number, order number and delivery notes (SPEC.md §5): validated on change and on blur,
 * so a message shows as soon as a field is edited or left.
 */
export function useCheckoutReferences() {
  const [values, setValues] = useState<CheckoutReferences>({ stockNumber: '', orderNumber: '', deliveryNotes: '' });
  const [visited, setVisited] = useState<ReadonlySet<ReferenceField>>(new Set());
  const visit = (field: ReferenceField) =>
    setVisited((current) => (current.has(field) ? current : new Set([...current, field])));
  return {
    values,
    /** The message of every field that does not pass, visited or not: what keeps Place Order disabled. */
    errors: fields.flatMap((field) => referenceError(field, values[field]) ?? []),
    change(field: ReferenceField, value: string) {
      setValues((current) => ({ ...current, [field]: value }));
      visit(field);
    },
    blur: visit,
    error: (field: ReferenceField) => (visited.has(field) ? referenceError(field, values[field]) : undefined),
  };
}

export type CheckoutReferencesState = ReturnType<typeof useCheckoutReferences>;
