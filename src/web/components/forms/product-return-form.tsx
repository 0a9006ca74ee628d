import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ProductReturnRequest, productReturnRequestSchema } from '../../../contract/forms';
import { formLookupsQuery } from '../../api/queries/forms';
import { useFormState } from '../../forms/use-form-state';
import { useApi } from '../../session/session-context';
import { CheckboxInput, FieldGroup, SelectInput, TextArea, TextInput, secondaryButtonClass } from './form-controls';
import { ContactFields } from './contact-fields';
import { SubmissionError, SubmissionReceipt, SubmitRow, bindField, useFormSubmission } from './form-submission';

interface LineDraft {
  lineNumber: string;
  sku: string;
  quantity: string;
  reasonCode: string;
}

type ReturnDraft = Record<Exclude<keyof ProductReturnRequest, 'captchaToken' | 'items' | 'goodsCondition'>, string> & {
  items: LineDraft[];
  goodsCondition: boolean;
};

const emptyLine: LineDraft = { lineNumber: '', sku: '', quantity: '1', reasonCode: '' };
const empty: ReturnDraft = {
  invoiceNumber: '',
  items: [emptyLine],
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  comments: '',
  goodsCondition: false,
};

const MAX_LINES = 20;

export function ProductReturnForm() {
  const api = useApi();
  const reasons = useQuery(formLookupsQuery(api)).data?.returnReasons ?? [];
  const form = useFormState<ReturnDraft>(productReturnRequestSchema, empty);
  const { actor, view, submit } = useFormSubmission('formProductReturn', form);
  const { values } = form;
  if (view.result) {
    return (
      <SubmissionReceipt
        receipt={view.result}
        actor={actor}
        onAnother={form.reset}
        anotherLabel="Request another return"
      />
    );
  }
  const reasonOptions = reasons.map((reason) => ({ value: reason.code, label: reason.label }));
  return (
    <form noValidate onSubmit={submit} aria-label="Product return request" className="space-y-6">
      <SubmissionError error={view.error} />
      <FieldGroup legend="Invoice">
        <TextInput
          label="Invoice number"
          required
          hint="As printed on the invoice, e.g. INV-100234"
          {...bindField(form, 'invoiceNumber', values.invoiceNumber)}
        />
      </FieldGroup>
      <FieldGroup legend="Lines to return">
        {values.items.map((line, index) => (
          <div
            key={index}
            role="group"
            aria-label={`Return line ${index + 1}`}
            className="grid items-start gap-3 border-b border-black/5 pb-4 sm:grid-cols-[6rem_1fr_6rem_1fr_auto]"
          >
            <TextInput
              label="Invoice line"
              required
              inputMode="numeric"
              {...bindField(form, `items.${index}.lineNumber`, line.lineNumber)}
            />
            <TextInput label="Product code (SKU)" required {...bindField(form, `items.${index}.sku`, line.sku)} />
            <TextInput
              label="Quantity"
              required
              inputMode="numeric"
              {...bindField(form, `items.${index}.quantity`, line.quantity)}
            />
            <SelectInput
              label="Reason"
              required
              options={reasonOptions}
              {...bindField(form, `items.${index}.reasonCode`, line.reasonCode)}
            />
            {values.items.length > 1 ? (
              <button
                type="button"
                className={`${secondaryButtonClass} sm:mt-6`}
                aria-label={`Remove return line ${index + 1}`}
                onClick={() =>
                  form.set(
                    'items',
                    values.items.filter((_, other) => other !== index),
                  )
                }
              >
                Remove
              </button>
            ) : null}
          </div>
        ))}
        {form.error('items') ? <p className="text-sm text-brand">{form.error('items')}</p> : null}
        {values.items.length < MAX_LINES ? (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => form.set('items', [...values.items, emptyLine])}
          >
            Add another line
          </button>
        ) : null}
      </FieldGroup>
      <ContactFields form={form}>
        <TextArea label="Comments" rows={3} {...bindField(form, 'comments', values.comments)} />
      </ContactFields>
      <CheckboxInput
        label={
          <>
            The goods are unused, unfitted and in their original packaging, as the{' '}
            <Link to="/returns-policy" className="font-semibold text-brand hover:underline">
              returns policy
            </Link>{' '}
            requires.
          </>
        }
        checked={values.goodsCondition}
        onChange={(checked) => form.set('goodsCondition', checked)}
        onBlur={() => form.touch('goodsCondition')}
        error={form.error('goodsCondition')}
      />
      <SubmitRow busy={view.busy} label="Request return" busyLabel="Sending request…" />
    </form>
  );
}
