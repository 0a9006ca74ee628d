import { expect } from 'vitest';
import type { CaptchaPayload, CaptchaRetryContext } from '../../../machines/captcha-retry';
import { ApiError } from '../../../src/web/api/api-error';
import type { SpecAssertions, SpecObservation } from '../support/model-harness';
import { errorOf, isAnswerOf, isFailureOf, lastEvent, lastSent, outputOf, since } from './trace';

/**
 * SPEC.md §5 and §8, per state: every attempt gets a fresh captcha token (action 'submit'); a validation error named
 * CaptchaToken with reason 'Recaptcha token is invalid.' triggers exactly one automatic retry with a new token; any
 * other failure, or a second refusal, is shown to the user.
 */
const contextOf = (observed: SpecObservation) =>
  observed.snapshot.context as CaptchaRetryContext<CaptchaPayload, object>;

/** SPEC.md §8's captcha refusal, spelled out from the spec. */
function isRefusal(error: unknown): boolean {
  const list = (error as { validationErrors?: unknown } | null)?.validationErrors;
  return (
    Array.isArray(list) &&
    list.some(
      (entry: { name?: unknown; reason?: unknown }) =>
        entry.name === 'CaptchaToken' && entry.reason === 'Recaptcha token is invalid.',
    )
  );
}

/** What happened since the user last pressed Send. */
const submission = (observed: SpecObservation) =>
  since(observed.trace, (entry) => entry.event.type === 'captcha.submit');

/** The server's answers to the current submission's attempts that were failures, oldest first. */
const submissionFailures = (observed: SpecObservation) =>
  submission(observed).filter((entry) => isFailureOf(entry.event, 'submitWithCaptcha'));

export const captchaRetrySpec: SpecAssertions = {
  // Every attempt right after its own fresh token; one retry at most per submission, and only after the captcha refusal.
  '*': (observed) => {
    for (const [index, call] of observed.sent.entries()) {
      if (call.src === 'submitWithCaptcha')
        expect(observed.sent[index - 1]?.src, 'every attempt has a fresh token').toBe('getCaptchaToken');
    }
    const tokens = submission(observed).filter((entry) => isAnswerOf(entry.event, 'getCaptchaToken'));
    expect(tokens.length, 'one retry at most').toBeLessThanOrEqual(2);
    if (tokens.length === 2)
      expect(
        isRefusal(errorOf(submissionFailures(observed)[0]?.event ?? { type: 'none' })),
        'a retry follows the captcha refusal only',
      ).toBe(true);
  },
  // Nothing sent or shown: a fresh form.
  idle: (observed) => {
    expect(contextOf(observed)).toMatchObject({ result: null, error: null });
  },
  // A fresh token for the action 'submit'.
  gettingToken: (observed) => {
    expect(lastSent(observed)).toEqual({ src: 'getCaptchaToken', input: { action: 'submit' } });
    const event = lastEvent(observed);
    if (event && isFailureOf(event, 'submitWithCaptcha')) {
      expect(isRefusal(errorOf(event)), 'only the captcha refusal is retried').toBe(true);
      expect(submissionFailures(observed).length, 'only the first refusal is retried').toBe(1);
    }
  },
  // The form goes out with the token just received, and a retry sends the same form again.
  submitting: (observed) => {
    const token = lastEvent(observed);
    expect(token && isAnswerOf(token, 'getCaptchaToken')).toBe(true);
    const attempts = observed.sent.filter((call) => call.src === 'submitWithCaptcha');
    const attempt = attempts.at(-1)?.input as { captchaToken: string; payload: unknown } | undefined;
    expect(lastSent(observed)?.src).toBe('submitWithCaptcha');
    expect(attempt?.captchaToken).toBe(outputOf(token ?? { type: 'none' }));
    if (submissionFailures(observed).length === 1)
      expect(attempt?.payload).toEqual((attempts.at(-2)?.input as { payload: unknown } | undefined)?.payload);
  },
  // The server's answer is what the form shows (the reference).
  succeeded: (observed) => {
    const answer = lastEvent(observed);
    expect(answer && isAnswerOf(answer, 'submitWithCaptcha')).toBe(true);
    expect(contextOf(observed).result).toEqual(outputOf(answer ?? { type: 'none' }));
  },
  // The failure is shown: a token that could not be had, a refusal other than the captcha's, or the second refusal.
  failed: (observed) => {
    const failure = lastEvent(observed);
    expect(failure && (isFailureOf(failure, 'getCaptchaToken') || isFailureOf(failure, 'submitWithCaptcha'))).toBe(
      true,
    );
    const thrown = errorOf(failure ?? { type: 'none' });
    // The server's answer is shown as it came; anything else (no token, no answer) as SPEC.md's communication error.
    if (thrown instanceof ApiError) expect(contextOf(observed).error).toBe(thrown);
    else expect(contextOf(observed).error?.message).toBe('A communication error has occurred');
    if (failure && isFailureOf(failure, 'submitWithCaptcha') && isRefusal(errorOf(failure))) {
      expect(submissionFailures(observed).length, 'the first captcha refusal is retried, not shown').toBe(2);
    }
  },
};

export const captchaRefusal = new ApiError('Recaptcha token is invalid.', 400, [
  { name: 'CaptchaToken', reason: 'Recaptcha token is invalid.' },
]);
export const fieldFailure = new ApiError('The request is not valid.', 400, [
  { name: 'message', reason: 'Tell us a little more (at least 10 characters)' },
]);

/** The captcha retry's model: a submission, its token and each kind of answer, and sending another. */
export const captchaRetryModelOptions = {
  spec: captchaRetrySpec,
  // Whether the one retry is used up decides what a refusal does: paths keep the first refusal and the second apart.
  distinguish: (snapshot: { context: unknown }) =>
    (snapshot.context as CaptchaRetryContext<CaptchaPayload, object>).retried,
  events: [
    { type: 'captcha.submit', payload: { message: 'Quote for 4 tyres' } },
    { type: 'captcha.reset' },
    { type: 'xstate.done.actor.getCaptchaToken', output: 'fresh-token' },
    { type: 'xstate.error.actor.getCaptchaToken', error: new Error('grecaptcha did not load') },
    {
      type: 'xstate.done.actor.submitWithCaptcha',
      output: { reference: 'CU-7K3M9Q', message: 'We received your message.' },
    },
    { type: 'xstate.error.actor.submitWithCaptcha', error: captchaRefusal },
    { type: 'xstate.error.actor.submitWithCaptcha', error: fieldFailure },
  ],
  describeEvent: (event: { type: string; error?: unknown }) =>
    event.type === 'xstate.error.actor.submitWithCaptcha'
      ? event.error === captchaRefusal
        ? 'refused: captcha'
        : 'refused: field'
      : event.type,
} as const;
