import { assign, fromPromise, setup } from 'xstate';
import { CAPTCHA_ACTION, isCaptchaRefusal } from '../src/contract/captcha';
import { COMMUNICATION_ERROR_MESSAGE, type ValidationError } from '../src/contract/problem';
import { present } from './present';

/** Why a submission failed, as the form shows it (SPEC.md §8): the message and the server's field errors. */
export interface SubmissionFailure {
  readonly message: string;
  /** The HTTP status, or null when no answer came back (or the captcha token could not be had). */
  readonly status: number | null;
  readonly validationErrors: readonly ValidationError[];
}

export interface CaptchaRetryContext<Payload, Result> {
  /** What the form sends, without the captcha token. */
  payload: Payload | null;
  token: string | null;
  /** True once the one retry SPEC.md §5 allows has been used. */
  retried: boolean;
  result: Result | null;
  error: SubmissionFailure | null;
}

export type CaptchaRetryEvent<Payload> = { type: 'captcha.submit'; payload: Payload } | { type: 'captcha.reset' };

export interface SubmitWithCaptchaInput<Payload> {
  /** Null only for a call without a payload of its own. */
  readonly payload: Payload | null;
  readonly captchaToken: string;
}

function isSubmissionFailure(error: unknown): error is SubmissionFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string' &&
    'status' in error &&
    (typeof error.status === 'number' || error.status === null) &&
    'validationErrors' in error &&
    Array.isArray(error.validationErrors)
  );
}

/** An actor's error as the form shows it: a failed call as it came (the app's ApiError fits), anything else as 'no answer'. */
export function submissionFailureOf(error: unknown): SubmissionFailure {
  return isSubmissionFailure(error)
    ? error
    : { message: COMMUNICATION_ERROR_MESSAGE, status: null, validationErrors: [] };
}

/**
 * A form submission guarded by a captcha (SPEC.md §5, §8): a fresh token (action 'submit') for every attempt, and
 * when the server answers 'Recaptcha token is invalid.' on CaptchaToken, exactly one retry with a fresh token.
 * Any other failure, or a second refusal, ends in `failed` with the error kept for the form to show.
 * Typed by what the form sends (Payload) and what the server answers (Result).
 */
export function createCaptchaRetryMachine<Payload, Result>() {
  return setup({
    types: {
      context: {} as CaptchaRetryContext<Payload, Result>,
      events: {} as CaptchaRetryEvent<Payload>,
    },
    actors: {
      getCaptchaToken: fromPromise<string, { action: string }>(async () => {
        throw new Error('getCaptchaToken is supplied by the app');
      }),
      submitWithCaptcha: fromPromise<Result, SubmitWithCaptchaInput<Payload>>(async () => {
        throw new Error('submitWithCaptcha is supplied by the app');
      }),
    },
    guards: {
      isFirstCaptchaRefusal: ({ context }, params: { error: unknown }) =>
        !context.retried && isCaptchaRefusal(params.error),
    },
    actions: {
      startSubmission: assign((_, params: { payload: Payload }) => ({
        payload: params.payload,
        token: null,
        retried: false,
        result: null,
        error: null,
      })),
      keepToken: assign((_, params: { token: string }) => ({ token: params.token })),
      markRetried: assign({ retried: true, token: null }),
      keepResult: assign((_, params: { result: Result }) => ({ result: params.result })),
      keepError: assign((_, params: { error: unknown }) => ({ error: submissionFailureOf(params.error) })),
      clear: assign({ payload: null, token: null, retried: false, result: null, error: null }),
    },
  }).createMachine({
    id: 'captchaRetry',
    context: { payload: null, token: null, retried: false, result: null, error: null },
    initial: 'idle',
    states: {
      idle: {
        on: {
          'captcha.submit': {
            target: 'gettingToken',
            actions: { type: 'startSubmission', params: ({ event }) => ({ payload: event.payload }) },
          },
        },
      },
      gettingToken: {
        tags: ['busy'],
        invoke: {
          id: 'getCaptchaToken',
          src: 'getCaptchaToken',
          input: { action: CAPTCHA_ACTION },
          onDone: {
            target: 'submitting',
            actions: { type: 'keepToken', params: ({ event }) => ({ token: event.output }) },
          },
          onError: {
            target: 'failed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      submitting: {
        tags: ['busy'],
        invoke: {
          id: 'submitWithCaptcha',
          src: 'submitWithCaptcha',
          input: ({ context }) => ({
            payload: context.payload,
            captchaToken: present(context.token, 'The captcha token'),
          }),
          onDone: {
            target: 'succeeded',
            actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
          },
          onError: [
            {
              guard: { type: 'isFirstCaptchaRefusal', params: ({ event }) => ({ error: event.error }) },
              target: 'gettingToken',
              actions: 'markRetried',
            },
            { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          ],
        },
      },
      succeeded: {
        on: { 'captcha.reset': { target: 'idle', actions: 'clear' } },
      },
      failed: {
        on: {
          'captcha.submit': {
            target: 'gettingToken',
            actions: { type: 'startSubmission', params: ({ event }) => ({ payload: event.payload }) },
          },
        },
      },
    },
  });
}

/** A JSON body a form sends, or null when the call has no payload of its own (Upload/Token's captcha). */
export type CaptchaPayload = object | null;

/** The machine as drawn and model-tested; the app makes one typed by its form (createCaptchaRetryMachine). */
export const captchaRetryMachine = createCaptchaRetryMachine<CaptchaPayload, object>();
