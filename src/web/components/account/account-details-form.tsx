import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  type AccountDetails,
  type AccountDetailsRequest,
  accountDetailsRequestSchema,
} from '../../../contract/account';
import { priceDisplaySchema } from '../../../contract/catalogue-common';
import type { ApiError } from '../../api/api-error';
import { accountDetailsQuery, accountKeys, refreshAccountDependents, statesQuery } from '../../api/queries/account';
import { type FormState, useFormState } from '../../forms/use-form-state';
import { useApi } from '../../session/session-context';
import { CheckboxInput, FieldGroup, SelectInput, TextInput } from '../forms/form-controls';
import { SubmissionError, bindField } from '../forms/form-submission';
import { LoadError } from '../layout/load-error';
import { Spinner } from '../layout/spinner';
import { primaryButtonClass } from '../session/form-field';
import { validatedSubmit } from './validated-submit';
import { useUserMay } from '../../session/user-may';

interface AddressDraft {
  address1: string;
  city: string;
  postcode: string;
  state: string;
}

/** What the person is editing: text fields as typed until the schema parses them; no billing address while 'same as delivery'. */
interface DetailsDraft {
  contactName: string;
  phone: string;
  email: string;
  deliveryAddress: AddressDraft;
  billingSameAsDelivery: boolean;
  billingAddress: AddressDraft | null;
  preferences: { priceDisplay: string; useTabNavigation: boolean; mailWhenShipped: boolean };
}

const priceDisplayLabels: Record<(typeof priceDisplaySchema.options)[number], string> = {
  Trade: 'Trade prices (your account price)',
  RRP: 'Recommended retail prices (RRP)',
  Hide: 'Hide prices (counter screen)',
};
const priceDisplayOptions = priceDisplaySchema.options.map((value) => ({ value, label: priceDisplayLabels[value] }));

export const DETAILS_SAVED_MESSAGE = 'Your account details have been saved.';

function draftOf(details: AccountDetails): DetailsDraft {
  return {
    contactName: details.contactName,
    phone: details.phone,
    email: details.email,
    deliveryAddress: { ...details.deliveryAddress },
    billingSameAsDelivery: details.billingSameAsDelivery,
    billingAddress: details.billingSameAsDelivery ? null : { ...details.billingAddress },
    preferences: { ...details.preferences },
  };
}

function AddressFields({
  form,
  path,
  address,
  states,
}: {
  form: FormState<DetailsDraft>;
  path: 'deliveryAddress' | 'billingAddress';
  address: AddressDraft;
  states: { value: string; label: string }[];
}) {
  return (
    <>
      <TextInput
        label="Street address"
        required
        autoComplete="street-address"
        {...bindField(form, `${path}.address1`, address.address1)}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput
          label="Suburb or town"
          required
          autoComplete="address-level2"
          {...bindField(form, `${path}.city`, address.city)}
        />
        <SelectInput label="State" required options={states} {...bindField(form, `${path}.state`, address.state)} />
        <TextInput
          label="Postcode"
          required
          inputMode="numeric"
          autoComplete="postal-code"
          {...bindField(form, `${path}.postcode`, address.postcode)}
        />
      </div>
    </>
  );
}

function DetailsForm({ details, states }: { details: AccountDetails; states: { value: string; label: string }[] }) {
  const api = useApi();
  const mayEdit = useUserMay().editAccountDetails;
  const queryClient = useQueryClient();
  const form = useFormState<DetailsDraft>(accountDetailsRequestSchema, draftOf(details));
  // The billing address typed before ticking 'same as delivery' comes back when it is unticked.
  const billingDraft = useRef<AddressDraft>(
    details.billingSameAsDelivery ? { address1: '', city: '', postcode: '', state: '' } : details.billingAddress,
  );
  const save = useMutation<AccountDetails, ApiError, AccountDetailsRequest>({
    mutationFn: (body) => api.call('accountDetailsSave', { body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(accountKeys.details, saved);
      await refreshAccountDependents(queryClient);
    },
    onError: (error) => showServerErrors(error),
  });
  const { submit, showServerErrors } = validatedSubmit<DetailsDraft, AccountDetailsRequest>(form, (payload) =>
    save.mutate(payload),
  );
  const { values } = form;

  const setSameAsDelivery = (same: boolean) => {
    if (same && values.billingAddress) billingDraft.current = values.billingAddress;
    form.set('billingAddress', same ? null : billingDraft.current);
    form.set('billingSameAsDelivery', same);
    save.reset();
  };

  return (
    <form
      noValidate
      aria-label="Account details"
      className="space-y-6"
      onSubmit={submit}
      onChange={() => {
        if (save.isSuccess) save.reset();
      }}
    >
      <SubmissionError error={save.error?.validationErrors.length ? null : save.error} />
      {mayEdit ? null : (
        <p role="note" className="text-sm text-black/70">
          Only the account's owner can change these details.
        </p>
      )}
      {/* Read-only for anyone but the owner: a disabled fieldset keeps every field out of reach. */}
      <fieldset disabled={!mayEdit} className="contents space-y-6">
        <FieldGroup legend="Contact">
          <div className="grid gap-4 sm:grid-cols-3">
            <TextInput
              label="Contact name"
              required
              autoComplete="name"
              {...bindField(form, 'contactName', values.contactName)}
            />
            <TextInput
              label="Phone"
              type="tel"
              required
              autoComplete="tel"
              {...bindField(form, 'phone', values.phone)}
            />
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="email"
              {...bindField(form, 'email', values.email)}
            />
          </div>
        </FieldGroup>
        <FieldGroup legend="Delivery address">
          <p className="text-xs text-black/60">
            The delivery state decides which warehouse counts as local stock for you.
          </p>
          <AddressFields form={form} path="deliveryAddress" address={values.deliveryAddress} states={states} />
        </FieldGroup>
        <FieldGroup legend="Billing address">
          <CheckboxInput
            label="Same as delivery address"
            checked={values.billingSameAsDelivery}
            onChange={setSameAsDelivery}
          />
          {values.billingAddress ? (
            <AddressFields form={form} path="billingAddress" address={values.billingAddress} states={states} />
          ) : null}
          {form.error('billingAddress') ? <p className="text-sm text-brand">{form.error('billingAddress')}</p> : null}
        </FieldGroup>
        <FieldGroup legend="Preferences">
          <SelectInput
            label="Prices in the catalogue"
            required
            options={priceDisplayOptions}
            {...bindField(form, 'preferences.priceDisplay', values.preferences.priceDisplay)}
          />
          <CheckboxInput
            label="Use tab navigation"
            checked={values.preferences.useTabNavigation}
            onChange={(checked) => form.set('preferences.useTabNavigation', checked)}
          />
          <CheckboxInput
            label="Email our contact when an order ships"
            checked={values.preferences.mailWhenShipped}
            onChange={(checked) => form.set('preferences.mailWhenShipped', checked)}
          />
        </FieldGroup>
      </fieldset>
      {mayEdit ? (
        <div className="flex flex-wrap items-center gap-4">
          <button
            type="submit"
            className={`${primaryButtonClass} sm:w-auto`}
            disabled={save.isPending}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? 'Saving…' : 'Save details'}
          </button>
          <p role="status" className="text-sm font-semibold text-emerald-700">
            {save.isSuccess ? DETAILS_SAVED_MESSAGE : ''}
          </p>
        </div>
      ) : null}
    </form>
  );
}

/** The Details tab: account code and name, then the editable contact, addresses and preferences. */
export function AccountDetailsPanel() {
  const api = useApi();
  const details = useQuery(accountDetailsQuery(api));
  const states = useQuery(statesQuery(api));
  if (details.error) return <LoadError error={details.error} what="Your account details" />;
  if (states.error) return <LoadError error={states.error} what="The list of states" />;
  if (!details.data || !states.data) return <Spinner label="Loading your account details…" />;
  const stateOptions = states.data.map((state) => ({ value: state.code, label: state.name }));
  return (
    <section aria-labelledby="account-details-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="account-details-heading" className="text-xl font-bold text-ink">
          {details.data.accountName}
        </h2>
        <p className="text-sm text-black/70">
          Account <span className="font-mono font-semibold text-ink">{details.data.accountCode}</span> · Trading
          account, {details.data.termsDays} days
        </p>
      </div>
      {/* Mounted once the saved details are known: the form starts from them. */}
      <DetailsForm details={details.data} states={stateOptions} />
    </section>
  );
}
