import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { captchaRetryMachine } from '../../machines/captcha-retry';
import { ApiError } from '../../src/web/api/api-error';
import { createMachineModel } from './support/model-harness';

const refusal = new ApiError('Recaptcha token is invalid.', 400, [
  { name: 'CaptchaToken', reason: 'Recaptcha token is invalid.' },
]);
const otherFailure = new ApiError('Enter your message', 400, [{ name: 'message', reason: 'Enter your message' }]);

const model = createMachineModel(captchaRetryMachine, {
  events: [
    { type: 'captcha.submit', payload: { message: 'Quote for 4 tyres' } },
    { type: 'captcha.reset' },
    { type: 'xstate.done.actor.getCaptchaToken', output: 'fresh-token' },
    { type: 'xstate.error.actor.getCaptchaToken', error: new Error('grecaptcha did not load') },
    { type: 'xstate.done.actor.submitWithCaptcha', output: { reference: 'CU-ABC234' } },
    { type: 'xstate.error.actor.submitWithCaptcha', error: refusal },
    { type: 'xstate.error.actor.submitWithCaptcha', error: otherFailure },
  ],
  describeEvent: (event) =>
    event.type === 'xstate.error.actor.submitWithCaptcha' && 'error' in event
      ? event.error === refusal
        ? 'submit refused: captcha'
        : 'submit refused: other'
      : event.type,
});

describe('captcha retry machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThanOrEqual(4);
  });

  for (const path of model.paths) {
    it(path.description, () => model.run(path));
  }
});

describe('captcha retry with real actors', () => {
  it('retries exactly once, each time with a fresh token', async () => {
    const tokens = ['token-1', 'token-2', 'token-3'];
    const sent: string[] = [];
    const actor = createActor(
      captchaRetryMachine.provide({
        actors: {
          getCaptchaToken: fromPromise(async () => tokens.shift() ?? 'none'),
          submitWithCaptcha: fromPromise(async ({ input }) => {
            sent.push(input.captchaToken);
            throw refusal;
          }),
        },
      }),
    ).start();
    actor.send({ type: 'captcha.submit', payload: {} });
    await new Promise<void>((resolve) => actor.subscribe((snapshot) => snapshot.matches('failed') && resolve()));
    expect(sent).toEqual(['token-1', 'token-2']);
    expect(actor.getSnapshot().context.error).toBe(refusal);
  });
});
