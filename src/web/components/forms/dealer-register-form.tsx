import {
  type DealerRegisterRequest,
  dealerProgramLabels,
  dealerPrograms,
  dealerRegisterRequestSchema,
} from '../../../contract/forms';
import { useFormState } from '../../forms/use-form-state';
import { FieldGroup, SelectInput, TextArea, TextInput } from './form-controls';
import { ContactFields } from './contact-fields';
import { SubmissionError, SubmissionReceipt, SubmitRow, bindField, useFormSubmission } from './form-submission';

type DealerDraft = Record<Exclude<keyof DealerRegisterRequest, 'captchaToken'>, string>;

const empty: DealerDraft = {
  program: '',
  serviceBays: '',
  monthlyTyreUnits: '',
  brandsStocked: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  message: '',
};

export function DealerRegisterForm({ program }: { program?: string | undefined }) {
  const form = useFormState<DealerDraft>(dealerRegisterRequestSchema, { ...empty, program: program ?? '' });
  const { actor, view, submit } = useFormSubmission('dealerRegister', form);
  const { values } = form;
  if (view.result) {
    return (
      <SubmissionReceipt
        receipt={view.result}
        actor={actor}
        onAnother={form.reset}
        anotherLabel="Apply for another program"
      />
    );
  }
  return (
    <form noValidate onSubmit={submit} aria-label="Dealer program application" className="space-y-6">
      <SubmissionError error={view.error} />
      <FieldGroup legend="Program">
        <SelectInput
          label="Program"
          required
          options={dealerPrograms.map((value) => ({ value, label: dealerProgramLabels[value] }))}
          {...bindField(form, 'program', values.program)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Service bays"
            required
            inputMode="numeric"
            {...bindField(form, 'serviceBays', values.serviceBays)}
          />
          <TextInput
            label="Tyres sold per month"
            required
            inputMode="numeric"
            {...bindField(form, 'monthlyTyreUnits', values.monthlyTyreUnits)}
          />
        </div>
        <TextInput label="Brands you stock now" {...bindField(form, 'brandsStocked', values.brandsStocked)} />
      </FieldGroup>
      <ContactFields form={form}>
        <TextArea label="Anything else we should know" rows={3} {...bindField(form, 'message', values.message)} />
      </ContactFields>
      <SubmitRow busy={view.busy} label="Apply" busyLabel="Sending application…" />
    </form>
  );
}
