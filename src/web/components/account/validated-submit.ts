import type { FormEvent } from 'react';
import type { ApiError } from '../../api/api-error';
import type { FormState } from '../../forms/use-form-state';

/**
 * The submit handler of a form without captcha: validates with the contract's schema (every error shows, the first
 * invalid field takes the focus) and hands the parsed payload on. `showServerErrors` puts a refusal's field errors
 * (validationErrors named like the form's paths, e.g. 'deliveryAddress.postcode') under their fields.
 */
export function validatedSubmit<T, P>(form: FormState<T>, send: (payload: P) => void) {
  return {
    submit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      const payload = form.validate();
      if (payload === null) {
        const container = event.currentTarget;
        requestAnimationFrame(() => container.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        return;
      }
      send(payload as P);
    },
    showServerErrors(error: ApiError) {
      if (error.validationErrors.length) form.showServerErrors(error.validationErrors);
    },
  };
}
