import { pitPassRedeemSchema } from '../../../contract/dealer';
import { pitPassRewards } from '../../../contract/pit-pass';
import { useFormState } from '../../forms/use-form-state';
import { FieldGroup, SelectInput, TextInput } from '../forms/form-controls';
import { SubmissionError, bindField } from '../forms/form-submission';
import { type ProgramContactDraft, ProgramContactFields } from './program-contact-fields';
import { ProgramReceipt } from './program-receipt';
import { ProgramSubmitRow } from './program-submit-row';
import { usePromotionSubmission } from './use-promotion-submission';

interface RedeemDraft extends ProgramContactDraft {
  program: 'PitPass';
  action: 'Redeem';
  reward: string;
  quantity: string;
}

const rewardOptions = pitPassRewards.map((reward) => ({
  value: reward.code,
  label: `${reward.name} (${reward.points.toLocaleString('en-AU')} points)`,
}));

/** Spending Pit Pass points on a reward; the server refuses what the balance does not cover. */
export function PitPassRedeemForm({ contactName }: { contactName: string }) {
  const form = useFormState<RedeemDraft>(pitPassRedeemSchema, {
    program: 'PitPass',
    action: 'Redeem',
    reward: '',
    quantity: '1',
    contactName,
    contactEmail: '',
    comments: '',
  });
  const { send, submit, again } = usePromotionSubmission(form);
  if (send.data) return <ProgramReceipt receipt={send.data} onAnother={again} anotherLabel="Redeem another reward" />;
  const { values } = form;
  return (
    <form noValidate onSubmit={submit} aria-label="Redeem Pit Pass points" className="space-y-4">
      <SubmissionError error={send.error} />
      <FieldGroup legend="Reward">
        <div className="grid gap-4 sm:grid-cols-[3fr_1fr]">
          <SelectInput label="Reward" required options={rewardOptions} {...bindField(form, 'reward', values.reward)} />
          <TextInput label="How many" required inputMode="numeric" {...bindField(form, 'quantity', values.quantity)} />
        </div>
      </FieldGroup>
      <ProgramContactFields form={form} />
      <ProgramSubmitRow busy={send.isPending} label="Redeem points" busyLabel="Redeeming…" />
    </form>
  );
}
