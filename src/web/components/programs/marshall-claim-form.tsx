import { marshallClaimSchema } from '../../../contract/dealer';
import { useFormState } from '../../forms/use-form-state';
import { FieldGroup, TextInput } from '../forms/form-controls';
import { SubmissionError, bindField } from '../forms/form-submission';
import { type ProgramContactDraft, ProgramContactFields } from './program-contact-fields';
import { ProgramReceipt } from './program-receipt';
import { ProgramSubmitRow } from './program-submit-row';
import { usePromotionSubmission } from './use-promotion-submission';

interface ClaimDraft extends ProgramContactDraft {
  program: 'marshall';
  action: 'Claim';
  invoiceNumber: string;
  quantity: string;
}

/** A Marshal key dealer rebate claim for the Marshal tyres on one of the account's invoices. */
export function MarshallClaimForm({ contactName }: { contactName: string }) {
  const form = useFormState<ClaimDraft>(marshallClaimSchema, {
    program: 'marshall',
    action: 'Claim',
    invoiceNumber: '',
    quantity: '',
    contactName,
    contactEmail: '',
    comments: '',
  });
  const { send, submit, again } = usePromotionSubmission(form);
  if (send.data) return <ProgramReceipt receipt={send.data} onAnother={again} anotherLabel="Make another claim" />;
  const { values } = form;
  return (
    <form noValidate onSubmit={submit} aria-label="Marshal rebate claim" className="space-y-4">
      <SubmissionError error={send.error} />
      <FieldGroup legend="Claim">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Invoice number"
            required
            hint="As printed on the invoice (My Account › Invoices)"
            {...bindField(form, 'invoiceNumber', values.invoiceNumber)}
          />
          <TextInput
            label="Marshal tyres on the invoice"
            required
            inputMode="numeric"
            {...bindField(form, 'quantity', values.quantity)}
          />
        </div>
      </FieldGroup>
      <ProgramContactFields form={form} />
      <ProgramSubmitRow busy={send.isPending} label="Submit claim" busyLabel="Sending claim…" />
    </form>
  );
}
