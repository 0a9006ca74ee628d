import type { FormState } from '../../forms/use-form-state';
import { FieldGroup, TextArea, TextInput } from '../forms/form-controls';
import { bindField } from '../forms/form-submission';

/** The contact fields every program form shares (contactName, contactEmail, comments in src/contract/dealer.ts). */
export interface ProgramContactDraft {
  contactName: string;
  contactEmail: string;
  comments: string;
}

export function ProgramContactFields<T extends ProgramContactDraft>({ form }: { form: FormState<T> }) {
  const { values } = form;
  return (
    <FieldGroup legend="Contact">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Contact name"
          required
          autoComplete="name"
          {...bindField(form, 'contactName', values.contactName)}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          {...bindField(form, 'contactEmail', values.contactEmail)}
        />
      </div>
      <TextArea label="Comments" rows={3} {...bindField(form, 'comments', values.comments)} />
    </FieldGroup>
  );
}
