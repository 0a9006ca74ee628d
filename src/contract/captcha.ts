import { z } from 'zod';
import { defineRoute } from './route';

/** SPEC.md §5/§8: the validation error the browser answers with one retry and a fresh token. */
export const CAPTCHA_FIELD = 'CaptchaToken';
export const CAPTCHA_INVALID_REASON = 'Recaptcha token is invalid.';
/** The reCAPTCHA v3 action every form and Upload/Token uses. */
export const CAPTCHA_ACTION = 'submit';

/** True for a failed call whose validationErrors carry the captcha refusal. */
export function isCaptchaRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('validationErrors' in error)) return false;
  const list = (error as { validationErrors: unknown }).validationErrors;
  return (
    Array.isArray(list) &&
    list.some(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        (entry as { name?: unknown }).name === CAPTCHA_FIELD &&
        (entry as { reason?: unknown }).reason === CAPTCHA_INVALID_REASON,
    )
  );
}

export const captchaSettingsSchema = z.object({
  /** The reCAPTCHA v3 site key, or null when the server verifies captcha tokens locally. */
  siteKey: z.string().nullable(),
});
export type CaptchaSettings = z.infer<typeof captchaSettingsSchema>;

export const captchaRoutes = {
  captchaSettings: defineRoute({
    method: 'GET',
    path: 'Global/Captcha',
    access: 'public',
    tag: 'Global',
    summary: 'The reCAPTCHA v3 site key the browser loads the script with (null: local verification)',
    response: captchaSettingsSchema,
  }),
};
