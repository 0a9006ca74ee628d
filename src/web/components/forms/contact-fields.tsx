import type { ReactNode } from 'react';
import type { FormState } from '../../forms/use-form-state';
import { FieldGroup, TextInput } from './form-controls';
import { bindField } from './form-submission';

/** Who to answer: the contact fields of the request forms (src/contract/forms.ts, dealer.ts); a phone where asked. */
export interface ContactDraft {
  contactName: string;
  contactEmail: string;
  contactPhone?: string;
}

/** The Contact group of a request form: name, email and, when the form asks for one, phone; then the form's note. */
export function ContactFields<T extends ContactDraft>({
  form,
  children,
}: {
  form: FormState<T>;
  children?: ReactNode;
}) {
  const { values } = form;
  const asksPhone = 'contactPhone' in values;
  return (
    <FieldGroup legend="Contact">
      <div className={`grid gap-4 ${asksPhone ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
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
        {asksPhone ? (
          <TextInput
            label="Phone"
            type="tel"
            required
            autoComplete="tel"
            {...bindField(form, 'contactPhone', values.contactPhone)}
          />
        ) : null}
      </div>
      {children}
    </FieldGroup>
  );
}
