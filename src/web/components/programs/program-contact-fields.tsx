import type { FormState } from '../../forms/use-form-state';
import { ContactFields } from '../forms/contact-fields';
import { TextArea } from '../forms/form-controls';
import { bindField } from '../forms/form-submission';

/** The contact fields every program form shares (contactName, contactEmail, comments in src/contract/dealer.ts). */
export interface ProgramContactDraft {
  contactName: string;
  contactEmail: string;
  comments: string;
}

export function ProgramContactFields<T extends ProgramContactDraft>({ form }: { form: FormState<T> }) {
  return (
    <ContactFields form={form}>
      <TextArea label="Comments" rows={3} {...bindField(form, 'comments', form.values.comments)} />
    </ContactFields>
  );
}
