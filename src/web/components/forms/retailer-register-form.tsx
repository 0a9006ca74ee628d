import { Link } from '@tanstack/react-router';
import {
  type RetailerRegisterRequest,
  businessTypes,
  monthlySpendBands,
  retailerRegisterRequestSchema,
} from '../../../contract/forms';
import { useFormState } from '../../forms/use-form-state';
import { CheckboxInput, FieldGroup, SelectInput, TextInput, secondaryButtonClass } from './form-controls';
import { SubmissionError, SubmissionReceipt, SubmitRow, bindField, useFormSubmission } from './form-submission';
import { stateOptions } from './state-options';

interface ReferenceDraft {
  company: string;
  contactName: string;
  phone: string;
}

type RegisterDraft = Record<
  Exclude<keyof RetailerRegisterRequest, 'captchaToken' | 'tradeReferences' | 'acceptTerms'>,
  string
> & { tradeReferences: ReferenceDraft[]; acceptTerms: boolean };

const emptyReference: ReferenceDraft = { company: '', contactName: '', phone: '' };
const empty: RegisterDraft = {
  legalName: '',
  tradingName: '',
  abn: '',
  businessType: '',
  yearsTrading: '',
  address: '',
  suburb: '',
  state: '',
  postcode: '',
  contactName: '',
  position: '',
  email: '',
  phone: '',
  website: '',
  monthlySpend: '',
  tradeReferences: [emptyReference, emptyReference],
  acceptTerms: false,
};

/** The trade account application of /register. */
export function RetailerRegisterForm() {
  const form = useFormState<RegisterDraft>(retailerRegisterRequestSchema, empty);
  const { actor, view, submit } = useFormSubmission('formRetailerRegister', form);
  const { values } = form;
  if (view.result) {
    return (
      <SubmissionReceipt
        receipt={view.result}
        actor={actor}
        onAnother={form.reset}
        anotherLabel="Start another application"
      />
    );
  }
  const references = values.tradeReferences;
  return (
    <form noValidate onSubmit={submit} aria-label="Trade account application" className="space-y-6">
      <SubmissionError error={view.error} />
      <FieldGroup legend="Business">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Legal business name"
            required
            autoComplete="organization"
            {...bindField(form, 'legalName', values.legalName)}
          />
          <TextInput label="Trading name" required {...bindField(form, 'tradingName', values.tradingName)} />
          <TextInput
            label="ABN"
            required
            inputMode="numeric"
            hint="11 digits, e.g. 51 824 753 556"
            {...bindField(form, 'abn', values.abn)}
          />
          <SelectInput
            label="Business type"
            required
            options={businessTypes.map((type) => ({ value: type, label: type }))}
            {...bindField(form, 'businessType', values.businessType)}
          />
          <TextInput
            label="Years trading"
            required
            inputMode="numeric"
            {...bindField(form, 'yearsTrading', values.yearsTrading)}
          />
          <SelectInput
            label="Expected monthly spend"
            required
            options={monthlySpendBands.map((band) => ({ value: band, label: band }))}
            {...bindField(form, 'monthlySpend', values.monthlySpend)}
          />
          <TextInput label="Website" type="url" {...bindField(form, 'website', values.website)} />
        </div>
      </FieldGroup>
      <FieldGroup legend="Delivery address">
        <TextInput
          label="Street address"
          required
          autoComplete="street-address"
          {...bindField(form, 'address', values.address)}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextInput
            label="Suburb"
            required
            autoComplete="address-level2"
            {...bindField(form, 'suburb', values.suburb)}
          />
          <SelectInput label="State" required options={stateOptions} {...bindField(form, 'state', values.state)} />
          <TextInput
            label="Postcode"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            {...bindField(form, 'postcode', values.postcode)}
          />
        </div>
      </FieldGroup>
      <FieldGroup legend="Contact">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Contact name"
            required
            autoComplete="name"
            {...bindField(form, 'contactName', values.contactName)}
          />
          <TextInput label="Position" {...bindField(form, 'position', values.position)} />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            {...bindField(form, 'email', values.email)}
          />
          <TextInput label="Phone" type="tel" required autoComplete="tel" {...bindField(form, 'phone', values.phone)} />
        </div>
      </FieldGroup>
      <FieldGroup legend="Trade references">
        <p className="text-sm text-black/70">Two or three suppliers you hold a credit account with.</p>
        {references.map((reference, index) => (
          <div
            key={index}
            role="group"
            aria-label={`Trade reference ${index + 1}`}
            className="grid gap-4 sm:grid-cols-3"
          >
            <TextInput
              label={`Reference ${index + 1} supplier`}
              required
              {...bindField(form, `tradeReferences.${index}.company`, reference.company)}
            />
            <TextInput
              label={`Reference ${index + 1} contact`}
              required
              {...bindField(form, `tradeReferences.${index}.contactName`, reference.contactName)}
            />
            <TextInput
              label={`Reference ${index + 1} phone`}
              type="tel"
              required
              {...bindField(form, `tradeReferences.${index}.phone`, reference.phone)}
            />
          </div>
        ))}
        {form.error('tradeReferences') ? <p className="text-sm text-brand">{form.error('tradeReferences')}</p> : null}
        <div className="flex gap-3">
          {references.length < 3 ? (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => form.set('tradeReferences', [...references, emptyReference])}
            >
              Add a third reference
            </button>
          ) : (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => form.set('tradeReferences', references.slice(0, 2))}
            >
              Remove the third reference
            </button>
          )}
        </div>
      </FieldGroup>
      <CheckboxInput
        label={
          <>
            I have read and accept the{' '}
            <Link to="/terms-and-conditions" className="font-semibold text-brand hover:underline">
              terms and conditions of trade
            </Link>
            , and authorise a credit check of the business.
          </>
        }
        checked={values.acceptTerms}
        onChange={(checked) => form.set('acceptTerms', checked)}
        onBlur={() => form.touch('acceptTerms')}
        error={form.error('acceptTerms')}
      />
      <SubmitRow busy={view.busy} label="Apply for a trade account" busyLabel="Sending application…" />
    </form>
  );
}
