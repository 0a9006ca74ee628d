import { describe, expect, it } from 'vitest';
import { LOCALLY_REFUSED_PREFIX, captchaVerifierFor } from '../../src/server/integrations/captcha/captcha-verifier';

/** Google's siteverify, as a local stand-in speaking its protocol (form-encoded secret and response, JSON answer). */
function siteverify(answers: Record<string, object>, seen: URLSearchParams[] = []): typeof fetch {
  return async (_url, init) => {
    const form = new URLSearchParams(String(init?.body));
    seen.push(form);
    const answer = answers[form.get('response') ?? ''] ?? { success: false, 'error-codes': ['invalid-input-response'] };
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  };
}

describe('the reCAPTCHA v3 verifier (RECAPTCHA_SECRET set)', () => {
  const good = {
    success: true,
    score: 0.9,
    action: 'submit',
    hostname: 'shop.test',
    challenge_ts: '2026-11-22T01:00:00Z',
  };
  const answers = {
    good,
    bot: { ...good, score: 0.2 },
    otherAction: { ...good, action: 'login' },
    expired: { success: false, 'error-codes': ['timeout-or-duplicate'] },
  };

  it('accepts a token Google scores as a person for the submit action, sending the secret with it', async () => {
    const seen: URLSearchParams[] = [];
    const verifier = captchaVerifierFor(
      { recaptchaSecret: 'server-secret', captchaLocalMode: 'accept' },
      siteverify(answers, seen),
    );
    expect(await verifier.verify('good', 'submit')).toBe(true);
    expect(seen[0]?.get('secret')).toBe('server-secret');
  });

  it('refuses low scores, another action, expired tokens, a missing token and an unreachable Google', async () => {
    const verifier = captchaVerifierFor(
      { recaptchaSecret: 'server-secret', captchaLocalMode: 'accept' },
      siteverify(answers),
    );
    expect(await verifier.verify('bot', 'submit')).toBe(false);
    expect(await verifier.verify('otherAction', 'submit')).toBe(false);
    expect(await verifier.verify('expired', 'submit')).toBe(false);
    expect(await verifier.verify(undefined, 'submit')).toBe(false);
    const offline = captchaVerifierFor({ recaptchaSecret: 's', captchaLocalMode: 'accept' }, async () => {
      throw new TypeError('fetch failed');
    });
    expect(await offline.verify('good', 'submit')).toBe(false);
  });
});

describe('the local verifier (no reCAPTCHA keys)', () => {
  it(`accepts any token except those starting with '${LOCALLY_REFUSED_PREFIX}', so a test can refuse one`, async () => {
    const verifier = captchaVerifierFor({ recaptchaSecret: undefined, captchaLocalMode: 'accept' });
    expect(await verifier.verify('local-submit-1', 'submit')).toBe(true);
    expect(await verifier.verify('invalid-expired', 'submit')).toBe(false);
    expect(await verifier.verify('', 'submit')).toBe(false);
  });
});
