import { useActorRef, useSelector } from '@xstate/react';
import { type ActorRefFrom, type AnyActorLogic, type InspectionEvent, createActor, fromPromise, waitFor } from 'xstate';
import { captchaRetryMachine } from '../../../machines/captcha-retry';
import { ApiError } from '../api/api-error';
import type { CaptchaTokenSource } from '../captcha/captcha-token-source';
import { actorOptions } from '../dev/actor-options';

export type CaptchaRetryActor = ActorRefFrom<typeof captchaRetryMachine>;

/** The captcha retry machine with the app's side effects: a fresh token, then the call with it. */
export function captchaRetryLogic<T>(
  getToken: CaptchaTokenSource,
  submit: (payload: unknown, captchaToken: string) => Promise<T>,
) {
  return captchaRetryMachine.provide({
    actors: {
      getCaptchaToken: fromPromise(({ input }) => getToken(input.action)),
      submitWithCaptcha: fromPromise(({ input }) => submit(input.payload, input.captchaToken)),
    },
  });
}

/** Runs one captcha-guarded call to its end: the result, or the error after the one retry. */
export async function callWithCaptcha<T>(
  name: string,
  getToken: CaptchaTokenSource,
  call: (captchaToken: string) => Promise<T>,
): Promise<T> {
  const actor = createActor(
    captchaRetryLogic(getToken, (_payload, token) => call(token)),
    actorOptions(name),
  ).start();
  actor.send({ type: 'captcha.submit', payload: null });
  const end = await waitFor(actor, (snapshot) => snapshot.matches('succeeded') || snapshot.matches('failed'), {
    timeout: Infinity,
  });
  actor.stop();
  if (end.matches('failed')) throw end.context.error;
  return end.context.result as T;
}

/** Tests: actors that replace the app's, and an observer of every microstep (the model-based view test). */
export interface SubmissionOverrides {
  readonly actors?: Partial<Record<'getCaptchaToken' | 'submitWithCaptcha', AnyActorLogic>>;
  readonly inspect?: (event: InspectionEvent) => void;
}

/** A form's submission actor, alive as long as the form (its side effects are those of the first render). */
export function useCaptchaSubmission<T>(
  name: string,
  getToken: CaptchaTokenSource,
  submit: (payload: unknown, captchaToken: string) => Promise<T>,
  overrides: SubmissionOverrides = {},
): CaptchaRetryActor {
  const logic = captchaRetryLogic(getToken, submit);
  return useActorRef(overrides.actors ? logic.provide({ actors: overrides.actors as never }) : logic, {
    ...actorOptions(name),
    ...(overrides.inspect ? { inspect: overrides.inspect } : {}),
  });
}

export interface SubmissionView<T> {
  readonly busy: boolean;
  readonly result: T | null;
  readonly error: ApiError | null;
}

export function useSubmissionView<T>(actor: CaptchaRetryActor): SubmissionView<T> {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const result = useSelector(actor, (snapshot) => (snapshot.matches('succeeded') ? (snapshot.context.result as T) : null));
  const error = useSelector(actor, (snapshot) => {
    if (!snapshot.matches('failed')) return null;
    const failure = snapshot.context.error;
    return failure instanceof ApiError ? failure : ApiError.communication();
  });
  return { busy, result, error };
}
