import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { isCaptchaRefusal } from '../../../contract/captcha';
import type { FormReceipt } from '../../../contract/forms';
import type { RouteName } from '../../../contract/routes';
import type { ApiError } from '../../api/api-error';
import { useCaptchaTokenSource } from '../../captcha/captcha-token-source';
import {
  type CaptchaRetryActor,
  type SubmissionOverrides,
  useCaptchaSubmission,
  useSubmissionView,
} from '../../forms/captcha-submission';
import { focusOnArrival } from '../layout/focus-on-arrival';
import type { FormState } from '../../forms/use-form-state';
import { useApi } from '../../session/session-context';
import { FormError, primaryButtonClass } from '../session/form-field';
import { secondaryButtonClass } from './form-controls';

type FormRoute =
  | 'formContactUs'
  | 'formProductReturn'
  | 'formWarrantyClaim'
  | 'formRetailerRegister'
  | 'dealerRegister'
  | 'formProductEnquiry';

/** The props a text control needs to edit one field of the form, validated on blur and then on change. */
export function bindField<T>(form: FormState<T>, path: string, value: unknown) {
  return {
    name: path,
    value: value === undefined || value === null ? '' : String(value),
    onChange: (event: { target: { value: string } }) => form.set(path, event.target.value),
    onBlur: () => form.touch(path),
    error: form.error(path),
  };
}

function focusFirstInvalid(container: HTMLElement | null): void {
  requestAnimationFrame(() => {
    container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

/** A form's submission: its validated values out, the receipt back. */
export type FormSubmissionActor = CaptchaRetryActor<object, FormReceipt>;

/** Sends a form through the captcha retry machine to its route, and shows the server's field errors in place. */
export function useFormSubmission<T>(route: FormRoute, form: FormState<T>, overrides?: SubmissionOverrides) {
  const api = useApi();
  const getToken = useCaptchaTokenSource();
  const actor: FormSubmissionActor = useCaptchaSubmission<object, FormReceipt>(
    `form:${route}`,
    getToken,
    (payload, captchaToken) =>
      api.call(route as RouteName & FormRoute, { body: { ...payload, captchaToken } } as never),
    overrides,
  );
  const view = useSubmissionView(actor);
  const { error } = view;
  const { showServerErrors } = form;
  useEffect(() => {
    if (error?.validationErrors.length) showServerErrors(error.validationErrors);
    // Only a new answer from the server replaces the errors shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = form.validate();
    if (typeof payload !== 'object' || payload === null) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    actor.send({ type: 'captcha.submit', payload });
  };
  return { actor, view, submit };
}

export function SubmissionReceipt({
  receipt,
  actor,
  onAnother,
  anotherLabel,
}: {
  receipt: FormReceipt;
  actor: FormSubmissionActor;
  onAnother: () => void;
  anotherLabel: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person was at the bottom of is gone: bring them (and their screen reader) to the answer.
  useEffect(() => {
    if (focusOnArrival(heading.current)) heading.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <div role="status" className="space-y-4 rounded-lg border border-emerald-600/30 bg-emerald-50 p-6">
      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-ink outline-none">
        Thank you
      </h2>
      <p className="text-sm text-black/70">Your reference number</p>
      <p className="font-mono text-3xl font-extrabold tracking-wider text-ink" data-testid="form-reference">
        {receipt.reference}
      </p>
      <p className="max-w-prose text-sm text-black/80">{receipt.message}</p>
      <p className="text-sm text-black/70">We also sent a copy to your email address.</p>
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() => {
          actor.send({ type: 'captcha.reset' });
          onAnother();
        }}
      >
        {anotherLabel}
      </button>
    </div>
  );
}

export function SubmitRow({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <div className="space-y-2">
      <button type="submit" className={`${primaryButtonClass} sm:w-auto`} disabled={busy} aria-busy={busy || undefined}>
        {busy ? busyLabel : label}
      </button>
      <p className="text-xs text-black/60">
        Fields are required unless marked optional. This form is protected by reCAPTCHA.
      </p>
    </div>
  );
}

export const CAPTCHA_REFUSED_MESSAGE =
  'We could not confirm that this request came from a person. Please send it again.';

/**
 * Why a submission failed, above the form (field errors also show under their fields). Given `error`, it says what
 * the server said (a captcha refusal in words a person understands); `message` shows a text as it is.
 */
export function SubmissionError({ error, message }: { error?: ApiError | null; message?: string | null }) {
  if (error) return <FormError message={isCaptchaRefusal(error) ? CAPTCHA_REFUSED_MESSAGE : error.message} />;
  return <FormError message={message ?? null} />;
}

export function FormIntro({ children }: { children: ReactNode }) {
  return <div className="max-w-prose space-y-2 text-sm text-black/70">{children}</div>;
}
