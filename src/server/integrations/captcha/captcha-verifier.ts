import { z } from 'zod';
import type { Config } from '../../config';
import { problems } from '../../http/problem';

/** SPEC.md §5/§8: the validation error the browser answers with one retry and a fresh token. */
export const CAPTCHA_INVALID_REASON = 'Recaptcha token is invalid.';
export const CAPTCHA_FIELD = 'CaptchaToken';

/** Without reCAPTCHA keys, tokens starting with this are refused, so a test can refuse one token and accept the next. */
export const LOCALLY_REFUSED_PREFIX = 'invalid';

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
const MINIMUM_SCORE = 0.5;

const siteverifySchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
});

export interface CaptchaVerifier {
  /** True when the token proves a person did `action`. */
  verify(token: string | undefined, action: string): Promise<boolean>;
}

/**
 * reCAPTCHA v3 when RECAPTCHA_SECRET is set. Without it, a local verifier that accepts any non-empty
 * token, or refuses every token when CAPTCHA_LOCAL_MODE=refuse (so tests can drive the retry path).
 * The forms of a later issue replace the browser side with the real script; this interface stays.
 */
export function captchaVerifierFor(
  config: Pick<Config, 'recaptchaSecret' | 'captchaLocalMode'>,
  fetchImpl: typeof fetch = fetch,
): CaptchaVerifier {
  const secret = config.recaptchaSecret;
  if (!secret) {
    return {
      verify: async (token) =>
        config.captchaLocalMode === 'accept' &&
        typeof token === 'string' &&
        token.length > 0 &&
        !token.startsWith(LOCALLY_REFUSED_PREFIX),
    };
  }
  return {
    verify: async (token, action) => {
      if (!token) return false;
      try {
        const response = await fetchImpl(SITEVERIFY_URL, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token }),
        });
        const answer = siteverifySchema.safeParse(await response.json());
        return (
          answer.success &&
          answer.data.success &&
          (answer.data.action === undefined || answer.data.action === action) &&
          (answer.data.score ?? 1) >= MINIMUM_SCORE
        );
      } catch {
        return false;
      }
    },
  };
}

/** Throws the 400 the browser recognises when the captcha token does not pass. */
export async function requireCaptcha(
  verifier: CaptchaVerifier,
  token: string | undefined,
  action = 'submit',
): Promise<void> {
  if (!(await verifier.verify(token, action))) {
    throw problems.badRequest(CAPTCHA_INVALID_REASON, [{ name: CAPTCHA_FIELD, reason: CAPTCHA_INVALID_REASON }]);
  }
}
