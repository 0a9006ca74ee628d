import { assign, fromPromise, setup } from 'xstate';
import { CAPTCHA_ACTION, isCaptchaRefusal } from '../src/contract/captcha';

export interface CaptchaRetryContext {
  /** What the form sends, without the captcha token. */
  payload: unknown;
  token: string | null;
  /** True once the one retry SPEC.md §5 allows has been used. */
  retried: boolean;
  result: unknown;
  error: unknown;
}

export type CaptchaRetryEvent = { type: 'captcha.submit'; payload: unknown } | { type: 'captcha.reset' };

export interface SubmitWithCaptchaInput {
  readonly payload: unknown;
  readonly captchaToken: string;
}

/**
 * A form submission guarded by a captcha (SPEC.md §5, §8): a fresh token (action 'submit') for every attempt, and
 * when the server answers 'Recaptcha token is invalid.' on CaptchaToken, exactly one retry with a fresh token.
 * Any other failure, or a second refusal, ends in `failed` with the error kept for the form to show.
 */
export const captchaRetryMachine = setup({
  types: {
    context: {} as CaptchaRetryContext,
    events: {} as CaptchaRetryEvent,
  },
  actors: {
    getCaptchaToken: fromPromise<string, { action: string }>(async () => {
      throw new Error('getCaptchaToken is supplied by the app');
    }),
    submitWithCaptcha: fromPromise<unknown, SubmitWithCaptchaInput>(async () => {
      throw new Error('submitWithCaptcha is supplied by the app');
    }),
  },
  guards: {
    isFirstCaptchaRefusal: ({ context, event }) =>
      !context.retried && 'error' in event && isCaptchaRefusal(event.error),
  },
  actions: {
    startSubmission: assign(({ event }) =>
      event.type === 'captcha.submit'
        ? { payload: event.payload, token: null, retried: false, result: null, error: null }
        : {},
    ),
    keepToken: assign({ token: ({ event }) => ('output' in event && typeof event.output === 'string' ? event.output : null) }),
    markRetried: assign({ retried: true, token: null }),
    keepResult: assign({ result: ({ event }) => ('output' in event ? event.output : null) }),
    keepError: assign({ error: ({ event }) => ('error' in event ? event.error : null) }),
    clear: assign({ payload: null, token: null, retried: false, result: null, error: null }),
  },
}).createMachine({
  id: 'captchaRetry',
  context: { payload: null, token: null, retried: false, result: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'captcha.submit': { target: 'gettingToken', actions: 'startSubmission' } },
    },
    gettingToken: {
      tags: ['busy'],
      invoke: {
        id: 'getCaptchaToken',
        src: 'getCaptchaToken',
        input: { action: CAPTCHA_ACTION },
        onDone: { target: 'submitting', actions: 'keepToken' },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitWithCaptcha',
        src: 'submitWithCaptcha',
        input: ({ context }) => ({ payload: context.payload, captchaToken: context.token ?? '' }),
        onDone: { target: 'succeeded', actions: 'keepResult' },
        onError: [
          { guard: 'isFirstCaptchaRefusal', target: 'gettingToken', actions: 'markRetried' },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    succeeded: {
      on: { 'captcha.reset': { target: 'idle', actions: 'clear' } },
    },
    failed: {
      on: { 'captcha.submit': { target: 'gettingToken', actions: 'startSubmission' } },
    },
  },
});
