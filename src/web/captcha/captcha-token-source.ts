import { useMemo } from 'react';
import type { ApiClient } from '../api/api-client';
import { useApi } from '../session/session-context';
import { loadRecaptcha } from './recaptcha-script';

/** A fresh captcha token for an action ('submit'). */
export type CaptchaTokenSource = (action: string) => Promise<string>;

let counter = 0;

/**
 * reCAPTCHA v3 when the server has a site key (Global/Captcha), loaded only then; otherwise a token for the
 * server's local verifier (which refuses tokens starting with 'invalid', and accepts these).
 */
export function captchaTokenSource(api: ApiClient): CaptchaTokenSource {
  let siteKey: Promise<string | null> | null = null;
  return async (action) => {
    siteKey ??= api.call('captchaSettings').then(
      (settings) => settings.siteKey,
      (error: unknown) => {
        siteKey = null;
        throw error;
      },
    );
    const key = await siteKey;
    if (!key) {
      counter += 1;
      return `local-${action}-${Date.now().toString(36)}-${counter}`;
    }
    const grecaptcha = await loadRecaptcha(key);
    return grecaptcha.execute(key, { action });
  };
}

export function useCaptchaTokenSource(): CaptchaTokenSource {
  const api = useApi();
  return useMemo(() => captchaTokenSource(api), [api]);
}
