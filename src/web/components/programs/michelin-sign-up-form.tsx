import { michelinPromotions, michelinSignUpSchema } from '../../../contract/dealer';
import { useFormState } from '../../forms/use-form-state';
import { FieldGroup, SelectInput, TextInput } from '../forms/form-controls';
import { SubmissionError, bindField } from '../forms/form-submission';
import { type ProgramContactDraft, ProgramContactFields } from './program-contact-fields';
import { ProgramReceipt } from './program-receipt';
import { ProgramSubmitRow } from './program-submit-row';
import { usePromotionSubmission } from './use-promotion-submission';

interface SignUpDraft extends ProgramContactDraft {
  program: 'Michelin';
  action: 'SignUp';
  promotion: string;
  expectedUnits: string;
}

const promotionOptions = michelinPromotions.map((promotion) => ({ value: promotion.code, label: promotion.name }));

/** Signing up to one of the current Michelin associate promotions. */
export function MichelinSignUpForm({ contactName }: { contactName: string }) {
  const form = useFormState<SignUpDraft>(michelinSignUpSchema, {
    program: 'Michelin',
    action: 'SignUp',
    promotion: '',
    expectedUnits: '',
    contactName,
    contactEmail: '',
    comments: '',
  });
  const { send, submit, again } = usePromotionSubmission(form);
  if (send.data)
    return <ProgramReceipt receipt={send.data} onAnother={again} anotherLabel="Sign up to another promotion" />;
  const { values } = form;
  return (
    <form noValidate onSubmit={submit} aria-label="Michelin promotion sign-up" className="space-y-4">
      <SubmissionError error={send.error} />
      <FieldGroup legend="Promotion">
        <SelectInput
          label="Promotion"
          required
          options={promotionOptions}
          {...bindField(form, 'promotion', values.promotion)}
        />
        <TextInput
          label="Michelin tyres you expect to sell a month"
          required
          inputMode="numeric"
          {...bindField(form, 'expectedUnits', values.expectedUnits)}
        />
      </FieldGroup>
      <ProgramContactFields form={form} />
      <ProgramSubmitRow busy={send.isPending} label="Sign up" busyLabel="Signing up…" />
    </form>
  );
}
