import {
  DISCOUNT_CODE_MAX,
  DISCOUNT_LABEL_MAX,
  type StaffDiscountCode,
  type StaffDiscountCodeFields,
} from '../../../contract/staff-content';
import { fromDateTimeInput, toDateTimeInput } from '../../dates/dates';
import { FieldGroup, TextInput } from '../forms/form-controls';
import { type StaffEditFormProps, StaffEditForm, useStaffDraft } from './staff-edit-form';
import { WindowFields } from './window-fields';

/** The form's fields as typed: dates as `datetime-local` values, numbers as text, so nothing typed is lost. */
export interface DiscountCodeDraft {
  readonly code: string;
  readonly label: string;
  readonly percentage: string;
  readonly start: string;
  readonly end: string;
  readonly usesPerAccount: string;
  readonly usesInTotal: string;
}

export const EMPTY_DISCOUNT_CODE: DiscountCodeDraft = {
  code: '',
  label: '',
  percentage: '',
  start: '',
  end: '',
  usesPerAccount: '',
  usesInTotal: '',
};

const limitText = (limit: number | null) => (limit === null ? '' : String(limit));

export function draftOfDiscountCode(code: StaffDiscountCode): DiscountCodeDraft {
  return {
    code: code.code,
    label: code.label,
    percentage: String(code.percentage),
    start: code.startDate ? toDateTimeInput(code.startDate) : '',
    end: code.endDate ? toDateTimeInput(code.endDate) : '',
    usesPerAccount: limitText(code.usesPerAccount),
    usesInTotal: limitText(code.usesInTotal),
  };
}

/** Blank or not a number goes as NaN, which JSON sends as null, so the API names the field rather than guessing 0. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(/%$/, '')));
/** A blank limit is no limit. */
const limitOf = (text: string) => (text.trim() === '' ? null : numberOf(text));

export function discountCodeFieldsOf(draft: DiscountCodeDraft): StaffDiscountCodeFields {
  return {
    code: draft.code,
    label: draft.label,
    percentage: numberOf(draft.percentage),
    startDate: fromDateTimeInput(draft.start),
    endDate: fromDateTimeInput(draft.end),
    usesPerAccount: limitOf(draft.usesPerAccount),
    usesInTotal: limitOf(draft.usesInTotal),
  };
}

/**
 * A discount code's fields as content staff set them. The code is typed once, when it is created: carts and placed
 * orders carry it by its text, so editing keeps it. The server checks every field and names the ones it refuses.
 */
export function DiscountCodeForm({
  editing,
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: StaffEditFormProps<DiscountCodeDraft, StaffDiscountCodeFields> & { editing: boolean }) {
  const { draft, set, fieldError } = useStaffDraft<DiscountCodeDraft, StaffDiscountCodeFields>(initial, error);
  return (
    <StaffEditForm
      submitLabel={submitLabel}
      pending={pending}
      error={error}
      onSubmit={() => onSubmit(discountCodeFieldsOf(draft))}
      onCancel={onCancel}
    >
      <FieldGroup legend="Discount code">
        {editing ? (
          <p className="text-sm">
            Code: <strong>{draft.code}</strong>
          </p>
        ) : (
          <TextInput
            label="Code"
            required
            autoComplete="off"
            maxLength={DISCOUNT_CODE_MAX}
            hint="Letters, digits, - and _; customers type it in any case, it is kept in upper case"
            value={draft.code}
            onChange={(event) => set('code', event.target.value)}
            error={fieldError('code')}
          />
        )}
        <TextInput
          label="Label"
          required
          maxLength={DISCOUNT_LABEL_MAX}
          hint="Shown to customers beside the discount, e.g. Summer 10% off"
          value={draft.label}
          onChange={(event) => set('label', event.target.value)}
          error={fieldError('label')}
        />
        <TextInput
          label="Percentage off"
          required
          inputMode="decimal"
          hint="1 to 100, off the order's items"
          value={draft.percentage}
          onChange={(event) => set('percentage', event.target.value)}
          error={fieldError('percentage')}
        />
      </FieldGroup>
      <WindowFields
        start={draft.start}
        end={draft.end}
        onStart={(value) => set('start', value)}
        onEnd={(value) => set('end', value)}
        startHint="Empty applies it from now on"
        endHint="Empty applies it until it is deleted"
        startError={fieldError('startDate')}
        endError={fieldError('endDate')}
      />
      <FieldGroup legend="Limits">
        <TextInput
          label="Uses per account"
          inputMode="numeric"
          hint="Placed orders of one account that may carry it; empty for no limit"
          value={draft.usesPerAccount}
          onChange={(event) => set('usesPerAccount', event.target.value)}
          error={fieldError('usesPerAccount')}
        />
        <TextInput
          label="Uses in total"
          inputMode="numeric"
          hint="Placed orders of all accounts together; empty for no limit"
          value={draft.usesInTotal}
          onChange={(event) => set('usesInTotal', event.target.value)}
          error={fieldError('usesInTotal')}
        />
      </FieldGroup>
    </StaffEditForm>
  );
}
