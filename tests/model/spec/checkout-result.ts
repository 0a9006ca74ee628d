import { expect } from 'vitest';
import type { CheckoutResultContext } from '../../../machines/checkout-result';
import type { SpecAssertions, SpecObservation, TraceEntry } from '../support/model-harness';
import { errorOf, isAnswerOf, isFailureOf, isTimer, lastEvent, lastSent, outputOf } from './trace';

/**
 * SPEC.md §2 'Checkout page', §4 'Checkout order result', §8 and §9, per state: Checkout/Complete with the form;
 * Completed leads to /checkout/success/{orderId}, Redirect to a hidden POST form with url, keys and values, anything
 * else to /; a failure or a payment provider error shows in the banner as 'Error: {message}'; the busy overlay
 * appears when placing the order takes longer than 1000 ms. DESIGN.md §5: a repeated submit of the same order makes
 * one order, so a retry after an answer that never came reuses the attempt's Idempotency-Key.
 */
const BUSY_AFTER_MS = 1_000;

const contextOf = (observed: SpecObservation) => observed.snapshot.context as CheckoutResultContext;

type Submit = { type: 'checkout.submit'; body: unknown; freshKey: string };

const answerOf = (observed: SpecObservation) =>
  outputOf(lastEvent(observed) ?? { type: 'none' }) as
    { orderResult?: string; orderId?: number; url?: string; keys?: string[]; values?: string[] } | null | undefined;

/** The submits on the path, with what Checkout/Complete answered each (undefined: no answer came back). */
function attempts(trace: readonly TraceEntry[]) {
  const found: { submit: Submit; outcome: TraceEntry | undefined }[] = [];
  for (const entry of trace) {
    if (entry.event.type === 'checkout.submit') found.push({ submit: entry.event as Submit, outcome: undefined });
    const last = found.at(-1);
    if (
      last &&
      !last.outcome &&
      (isAnswerOf(entry.event, 'completeOrder') || isFailureOf(entry.event, 'completeOrder'))
    )
      last.outcome = entry;
  }
  return found;
}

export const checkoutResultSpec: SpecAssertions = {
  // The banner is empty until something failed.
  ready: (observed) => expect(contextOf(observed).error).toBeNull(),
  // Placing the order sends the form with one Idempotency-Key per order: the same key again only when the last
  // attempt's answer never came (it may have made the order); the overlay only after 1000 ms.
  submitting: (observed) => {
    const tried = attempts(observed.trace);
    const current = tried.at(-1);
    const previous = tried.at(-2);
    const request = lastSent(observed)?.input as { body: unknown; idempotencyKey: string } | undefined;
    expect(lastSent(observed)?.src).toBe('completeOrder');
    expect(request?.body).toEqual(current?.submit.body);
    const lost =
      previous?.outcome &&
      isFailureOf(previous.outcome.event, 'completeOrder') &&
      (errorOf(previous.outcome.event) as { outcomeUnknown?: boolean }).outcomeUnknown === true;
    const previousRequest = observed.sent.filter((call) => call.src === 'completeOrder').at(-2)?.input as
      { idempotencyKey: string } | undefined;
    expect(request?.idempotencyKey).toBe(lost ? previousRequest?.idempotencyKey : current?.submit.freshKey);
    expect(contextOf(observed).error, 'a new attempt clears the banner').toBeNull();
  },
  'submitting.quiet': (observed) => {
    const submitted = observed.trace.findLast((entry) => entry.event.type === 'checkout.submit');
    expect(observed.now - (submitted?.at ?? 0)).toBeLessThan(BUSY_AFTER_MS);
  },
  'submitting.busy': (observed) => {
    const submitted = observed.trace.findLast((entry) => entry.event.type === 'checkout.submit');
    expect(observed.now - (submitted?.at ?? 0)).toBeGreaterThanOrEqual(BUSY_AFTER_MS);
    const event = lastEvent(observed);
    if (event && isTimer(event))
      expect(observed.now - (submitted?.at ?? 0), 'the overlay comes 1000 ms after the submit').toBe(BUSY_AFTER_MS);
  },
  // Completed: the success page of the order.
  completed: (observed) => {
    const answer = answerOf(observed);
    expect(answer?.orderResult).toBe('Completed');
    expect(contextOf(observed).orderId).toBe(answer?.orderId);
  },
  // Redirect: the hidden POST form to the payment provider, with the url, keys and values as answered.
  redirecting: (observed) => {
    const answer = answerOf(observed);
    expect(answer?.orderResult).toBe('Redirect');
    expect(contextOf(observed).redirect).toEqual({ url: answer?.url, keys: answer?.keys, values: answer?.values });
  },
  // Anything else: back to /.
  leaving: (observed) => {
    const event = lastEvent(observed);
    expect(event && isAnswerOf(event, 'completeOrder')).toBe(true);
    expect(['Completed', 'Redirect']).not.toContain(answerOf(observed)?.orderResult);
  },
  // The banner reads the failure: the call's message, or the payment provider's.
  failed: (observed) => {
    const event = lastEvent(observed);
    const message =
      event?.type === 'checkout.providerFailed'
        ? (event as { type: string; message: string }).message
        : (errorOf(event ?? { type: 'none' }) as { message?: string } | undefined)?.message;
    expect(event && (event.type === 'checkout.providerFailed' || isFailureOf(event, 'completeOrder'))).toBe(true);
    expect(contextOf(observed).error).toBe(message);
  },
};

export const onAccount = {
  paymentMethod: 'Payments.TradingAccount',
  stockNumber: 'STK-1',
  orderNumber: null,
  deliveryNotes: null,
} as const;
export const byCard = { paymentMethod: 'Payments.Card' } as const;
export const providerRedirect = {
  url: 'http://127.0.0.1:3150/yhi/sandbox-payment',
  keys: ['orderId', 'amount'],
  values: ['42', '110.00'],
};

/** The checkout result's model: on account and by card, each kind of answer, a lost answer and a refusal, a provider error. */
export const checkoutResultModelOptions = {
  spec: checkoutResultSpec,
  events: [
    { type: 'checkout.submit', body: onAccount, freshKey: 'key-1' },
    { type: 'checkout.submit', body: byCard, freshKey: 'key-2' },
    { type: 'checkout.providerFailed', message: 'INSTRUMENT_DECLINED' },
    { type: 'xstate.done.actor.completeOrder', output: { orderResult: 'Completed', orderId: 41 } },
    { type: 'xstate.done.actor.completeOrder', output: { orderResult: 'Redirect', orderId: 42, ...providerRedirect } },
    { type: 'xstate.done.actor.completeOrder', output: null },
    {
      type: 'xstate.error.actor.completeOrder',
      error: { message: 'A communication error has occurred', outcomeUnknown: true },
    },
    { type: 'xstate.error.actor.completeOrder', error: { message: 'Credit limit reached', outcomeUnknown: false } },
  ],
  describeEvent: (event: { type: string; freshKey?: unknown; output?: unknown; error?: unknown }) => {
    if (event.type === 'checkout.submit') return `submit (fresh ${String(event.freshKey)})`;
    if (event.type === 'checkout.providerFailed') return 'provider failed';
    if ('output' in event)
      return `done ${String((event.output as { orderResult?: string } | null)?.orderResult ?? 'with no result')}`;
    if ('error' in event)
      return (event.error as { outcomeUnknown: boolean }).outcomeUnknown ? 'error (no answer)' : 'error (refused)';
    return event.type.startsWith('xstate.after.') ? 'after busyOverlay' : event.type;
  },
} as const;
