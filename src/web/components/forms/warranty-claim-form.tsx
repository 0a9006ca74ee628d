import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type UploadedFile, type WarrantyClaimRequest, warrantyClaimRequestSchema } from '../../../contract/forms';
import { formLookupsQuery } from '../../api/queries/forms';
import { useFormState } from '../../forms/use-form-state';
import { useApi } from '../../session/session-context';
import { FieldGroup, SelectInput, TextArea, TextInput } from './form-controls';
import { ContactFields } from './contact-fields';
import { SubmissionError, SubmissionReceipt, SubmitRow, bindField, useFormSubmission } from './form-submission';
import { PhotoUploader } from './photo-uploader';

type ClaimDraft = Record<Exclude<keyof WarrantyClaimRequest, 'captchaToken' | 'photos'>, string> & {
  photos: UploadedFile[];
};

const empty: ClaimDraft = {
  invoiceNumber: '',
  claimType: '',
  brand: '',
  tyreSize: '',
  pattern: '',
  dotSerial: '',
  treadDepthMm: '',
  kilometres: '',
  vehicle: '',
  endCustomerName: '',
  faultDescription: '',
  photos: [],
  contactName: '',
  contactEmail: '',
  contactPhone: '',
};

export const MAX_CLAIM_PHOTOS = 8;

export function WarrantyClaimForm() {
  const api = useApi();
  const lookups = useQuery(formLookupsQuery(api)).data;
  const form = useFormState<ClaimDraft>(warrantyClaimRequestSchema, empty);
  const { actor, view, submit } = useFormSubmission('formWarrantyClaim', form);
  const [uploading, setUploading] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const { values } = form;
  if (view.result) {
    return (
      <SubmissionReceipt
        receipt={view.result}
        actor={actor}
        onAnother={() => {
          form.reset();
          setFormKey((key) => key + 1);
        }}
        anotherLabel="Lodge another claim"
      />
    );
  }
  return (
    <form key={formKey} noValidate onSubmit={submit} aria-label="Warranty claim" className="space-y-6">
      <SubmissionError error={view.error} />
      <FieldGroup legend="Purchase">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Invoice number"
            required
            hint="The invoice the tyre was bought on"
            {...bindField(form, 'invoiceNumber', values.invoiceNumber)}
          />
          <SelectInput
            label="Claim type"
            required
            options={(lookups?.claimTypes ?? []).map((type) => ({ value: type.code, label: type.label }))}
            {...bindField(form, 'claimType', values.claimType)}
          />
        </div>
      </FieldGroup>
      <FieldGroup legend="Tyre">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="Brand" required list="warranty-brands" {...bindField(form, 'brand', values.brand)} />
          <datalist id="warranty-brands">
            {(lookups?.brands ?? []).map((brand) => (
              <option key={brand} value={brand} />
            ))}
          </datalist>
          <TextInput
            label="Tyre size"
            required
            hint="e.g. 235/45R18 94W"
            {...bindField(form, 'tyreSize', values.tyreSize)}
          />
          <TextInput label="Pattern" {...bindField(form, 'pattern', values.pattern)} />
          <TextInput
            label="DOT serial"
            required
            hint="On the sidewall, ending in the week and year made, e.g. DOT U2LL LMLR 0924"
            {...bindField(form, 'dotSerial', values.dotSerial)}
          />
          <TextInput
            label="Remaining tread depth (mm)"
            required
            inputMode="decimal"
            hint="Shallowest groove, measured with a gauge"
            {...bindField(form, 'treadDepthMm', values.treadDepthMm)}
          />
          <TextInput
            label="Kilometres travelled"
            required
            inputMode="numeric"
            {...bindField(form, 'kilometres', values.kilometres)}
          />
          <TextInput
            label="Vehicle"
            required
            hint="Make, model and year"
            {...bindField(form, 'vehicle', values.vehicle)}
          />
          <TextInput label="End customer name" {...bindField(form, 'endCustomerName', values.endCustomerName)} />
        </div>
        <TextArea
          label="Fault description"
          required
          {...bindField(form, 'faultDescription', values.faultDescription)}
        />
      </FieldGroup>
      <FieldGroup legend="Photos">
        <PhotoUploader
          label="Photos of the tyre"
          value={values.photos}
          onChange={(photos) => form.set('photos', photos)}
          onBusyChange={setUploading}
          error={form.error('photos')}
          max={MAX_CLAIM_PHOTOS}
        />
      </FieldGroup>
      <ContactFields form={form} />
      {uploading ? <p className="text-sm text-black/70">Waiting for the photos to finish uploading…</p> : null}
      <SubmitRow
        busy={view.busy || uploading}
        label="Lodge warranty claim"
        busyLabel={uploading ? 'Uploading photos…' : 'Sending claim…'}
      />
    </form>
  );
}
