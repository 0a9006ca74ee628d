import { type FormEvent, useState } from 'react';
import type { StaffAccountFields } from '../../../contract/staff-accounts';
import { ApiError, errorMessage } from '../../api/api-error';
import { CheckboxInput, FieldGroup, SelectInput, TextInput, secondaryButtonClass } from '../forms/form-controls';
import { FormError, primaryButtonClass } from '../session/form-field';

const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'].map((state) => ({ value: state, label: state }));
const PRICE_DISPLAYS = [
  { value: 'Trade', label: 'Trade prices' },
  { value: 'RRP', label: 'RRP only' },
  { value: 'Hide', label: 'No prices' },
];

export type AccountDraft = Omit<StaffAccountFields, 'state' | 'priceDisplay'> & {
  state: string;
  priceDisplay: string;
  disabled?: boolean;
};

export const EMPTY_ACCOUNT: AccountDraft = {
  accountCode: '',
  name: '',
  state: '',
  isMarshalKeyDealer: false,
  isAssociateDealer: false,
  hasPitPass: false,
  isRestrictedSalesRetailer: false,
  priceDisplay: 'Trade',
  contactName: null,
  phone: null,
  contactEmail: null,
  deliveryAddress1: null,
  deliveryCity: null,
  deliveryPostcode: null,
};

/** Text fields left empty are sent as null (not set), as the contract has them. */
const orNull = (text: string) => (text.trim() === '' ? null : text);

/**
 * An account's fields as sales staff set them: code (only when creating), trading name, state, programs, price
 * display, contact and delivery address, and, for an existing account, whether it is disabled. The server checks
 * every field and names the ones it refuses beside them.
 */
export function AccountFieldsForm({
  initial,
  creating,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  initial: AccountDraft;
  creating: boolean;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (draft: AccountDraft) => void;
}) {
  const [draft, setDraft] = useState(initial);
  // Disabling ends every session of the account's users: asked again before it is sent.
  const [confirming, setConfirming] = useState(false);
  const disabling = draft.disabled === true && initial.disabled !== true;
  const set = <K extends keyof AccountDraft>(key: K, value: AccountDraft[K]) => setDraft({ ...draft, [key]: value });
  const text = (key: keyof AccountDraft) => ({
    value: (draft[key] as string | null) ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key, orNull(event.target.value) as never),
    error: error instanceof ApiError ? error.fieldError(key) : undefined,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabling && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    onSubmit(draft);
  };
  const problem = errorMessage(error);
  return (
    <form onSubmit={submit} noValidate className="max-w-3xl space-y-5" aria-label={submitLabel}>
      <FormError message={problem} />
      <FieldGroup legend="Account">
        {creating ? <TextInput label="Account code" required {...text('accountCode')} /> : null}
        <TextInput label="Trading name" required {...text('name')} />
        <SelectInput
          label="State"
          required
          options={STATES}
          value={draft.state}
          onChange={(event) => set('state', event.target.value)}
          error={error instanceof ApiError ? error.fieldError('state') : undefined}
        />
        <SelectInput
          label="Prices shown"
          required
          options={PRICE_DISPLAYS}
          value={draft.priceDisplay}
          onChange={(event) => set('priceDisplay', event.target.value)}
        />
      </FieldGroup>
      <FieldGroup legend="Programs">
        <CheckboxInput
          label="Marshal key dealer"
          checked={draft.isMarshalKeyDealer}
          onChange={(checked) => set('isMarshalKeyDealer', checked)}
        />
        <CheckboxInput
          label="Associate dealer"
          checked={draft.isAssociateDealer}
          onChange={(checked) => set('isAssociateDealer', checked)}
        />
        <CheckboxInput label="PitPass" checked={draft.hasPitPass} onChange={(checked) => set('hasPitPass', checked)} />
        <CheckboxInput
          label="Restricted sales retailer"
          checked={draft.isRestrictedSalesRetailer}
          onChange={(checked) => set('isRestrictedSalesRetailer', checked)}
        />
      </FieldGroup>
      <FieldGroup legend="Contact and delivery">
        <TextInput label="Contact name" {...text('contactName')} />
        <TextInput label="Phone" type="tel" {...text('phone')} />
        <TextInput label="Email" type="email" {...text('contactEmail')} />
        <TextInput label="Delivery address" {...text('deliveryAddress1')} />
        <TextInput label="Suburb" {...text('deliveryCity')} />
        <TextInput label="Postcode" inputMode="numeric" {...text('deliveryPostcode')} />
      </FieldGroup>
      {draft.disabled === undefined ? null : (
        <FieldGroup legend="Access">
          <CheckboxInput
            label="Disabled: no user of the account can sign in, and their sessions end"
            checked={draft.disabled}
            onChange={(checked) => set('disabled', checked)}
          />
        </FieldGroup>
      )}
      {confirming ? (
        <p role="alert" className="max-w-prose text-sm font-semibold text-brand">
          Disabling signs out every user of this account and stops them signing in. Save again to disable it.
        </p>
      ) : null}
      <div className="flex max-w-md gap-3">
        <button type="submit" disabled={pending} className={primaryButtonClass}>
          {pending ? 'Saving…' : confirming ? 'Disable the account' : submitLabel}
        </button>
        {confirming ? (
          <button type="button" onClick={() => setConfirming(false)} className={secondaryButtonClass}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
