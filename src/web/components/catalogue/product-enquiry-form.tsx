import { useState } from 'react';
import { type ProductEnquiryRequest, productEnquiryRequestSchema } from '../../../contract/catalogue-forms';
import { useFormState } from '../../forms/use-form-state';
import { TextArea, TextInput, secondaryButtonClass } from '../forms/form-controls';
import { SubmissionError, SubmissionReceipt, SubmitRow, bindField, useFormSubmission } from '../forms/form-submission';

type EnquiryDraft = { productId: number } & Record<
  Exclude<keyof ProductEnquiryRequest, 'captchaToken' | 'productId'>,
  string
>;

/**
 * Form/ProductEnquiry on a product page: open to visitors (captcha, with one retry on a refused token) and customers.
 * Folded behind a button so the product stays the first thing on the page.
 */
export function ProductEnquiry({ productId, productName }: { productId: number; productName: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className={`${secondaryButtonClass} sm:w-auto`} onClick={() => setOpen(true)}>
        Ask about this product
      </button>
    );
  }
  return <ProductEnquiryForm productId={productId} productName={productName} />;
}

function ProductEnquiryForm({ productId, productName }: { productId: number; productName: string }) {
  const form = useFormState<EnquiryDraft>(productEnquiryRequestSchema, {
    productId,
    name: '',
    email: '',
    phone: '',
    quantity: '',
    message: '',
  });
  const { actor, view, submit } = useFormSubmission('formProductEnquiry', form);
  const { values } = form;
  if (view.result) {
    return (
      <SubmissionReceipt
        receipt={view.result}
        actor={actor}
        onAnother={form.reset}
        anotherLabel="Ask another question"
      />
    );
  }
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Enquire about ${productName}`}
      className="space-y-3 rounded-lg border border-black/10 p-4"
    >
      <h3 className="text-base font-bold">Ask about this product</h3>
      <SubmissionError message={view.error && view.error.validationErrors.length === 0 ? view.error.message : null} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput label="Your name" required autoComplete="name" {...bindField(form, 'name', values.name)} />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          {...bindField(form, 'email', values.email)}
        />
        <TextInput label="Phone" type="tel" autoComplete="tel" {...bindField(form, 'phone', values.phone)} />
        <TextInput label="Quantity" inputMode="numeric" {...bindField(form, 'quantity', values.quantity)} />
      </div>
      <TextArea label="Your question" required rows={3} {...bindField(form, 'message', values.message)} />
      <SubmitRow busy={view.busy} label="Send enquiry" busyLabel="Sending…" />
    </form>
  );
}
