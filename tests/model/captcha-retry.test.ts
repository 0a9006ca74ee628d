import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { captchaRetryMachine } from '../../machines/captcha-retry';
import { captchaRefusal as refusal, captchaRetryModelOptions } from './spec/captcha-retry';
import { createMachineModel } from './support/model-harness';

const model = createMachineModel(captchaRetryMachine, captchaRetryModelOptions);

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
