import { type ContactUsRequest, contactTopics, contactUsRequestSchema } from '../../../contract/forms';
import type { SubmissionOverrides } from '../../forms/captcha-submission';
import { useFormState } from '../../forms/use-form-state';
import { SelectInput, TextArea, TextInput } from './form-controls';
import { SubmissionError, SubmissionReceipt, SubmitRow, bindField, useFormSubmission } from './form-submission';

/** What the person is typing: every field a string until the schema parses it. */
type ContactDraft = Record<Exclude<keyof ContactUsRequest, 'captchaToken'>, string>;

const empty: ContactDraft = { name: '', email: '', phone: '', company: '', accountCode: '', topic: '', message: '' };

export function ContactUsForm({ submission }: { submission?: SubmissionOverrides }) {
  const form = useFormState<ContactDraft>(contactUsRequestSchema, empty);
  const { actor, view, submit } = useFormSubmission('formContactUs', form, submission);
  const { values } = form;
  if (view.result) {
    return (
      <SubmissionReceipt
        receipt={view.result}
        actor={actor}
        onAnother={form.reset}
        anotherLabel="Send another message"
      />
    );
  }
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Contact us"
      className="space-y-4 rounded-lg border border-black/10 bg-white p-6 shadow-sm"
    >
      <SubmissionError error={view.error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Your name" required autoComplete="name" {...bindField(form, 'name', values.name)} />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          {...bindField(form, 'email', values.email)}
        />
        <TextInput label="Phone" type="tel" autoComplete="tel" {...bindField(form, 'phone', values.phone)} />
        <TextInput label="Business name" autoComplete="organization" {...bindField(form, 'company', values.company)} />
        <TextInput
          label="Account code"
          hint="If you already trade with us, e.g. C10001"
          {...bindField(form, 'accountCode', values.accountCode)}
        />
        <SelectInput
          label="Topic"
          required
          options={contactTopics.map((topic) => ({ value: topic, label: topic }))}
          {...bindField(form, 'topic', values.topic)}
        />
      </div>
      <TextArea label="Message" required {...bindField(form, 'message', values.message)} />
      <SubmitRow busy={view.busy} label="Send message" busyLabel="Sending…" />
    </form>
  );
}
