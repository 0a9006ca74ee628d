import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { type ActorRefFrom, type AnyActorLogic, type InspectionEvent, createActor, fromPromise, waitFor } from 'xstate';
import {
  type CaptchaPayload,
  type SubmissionFailure,
  createCaptchaRetryMachine,
} from '../../../machines/captcha-retry';
import { ApiError } from '../api/api-error';
import type { CaptchaTokenSource } from '../captcha/captcha-token-source';
import { actorOptions } from '../dev/actor-options';

/** The captcha retry machine with the app's side effects: a fresh token, then the call with it. */
export function captchaRetryLogic<P, T>(
  getToken: CaptchaTokenSource,
  submit: (payload: P | null, captchaToken: string) => Promise<T>,
) {
  return createCaptchaRetryMachine<P, T>().provide({
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
    captchaRetryLogic<null, T>(getToken, (_payload, token) => call(token)),
    actorOptions(name),
  ).start();
  actor.send({ type: 'captcha.submit', payload: null });
  const end = await waitFor(actor, (snapshot) => snapshot.matches('succeeded') || snapshot.matches('failed'), {
    timeout: Infinity,
  });
  actor.stop();
  const { result, error } = end.context;
  if (end.matches('succeeded') && result !== null) return result;
  throw apiErrorOf(error);
}

/** The machine's failure as the app's ApiError (the same object when the call failed with one). */
function apiErrorOf(failure: SubmissionFailure | null): ApiError {
  if (failure instanceof ApiError) return failure;
  return failure
    ? new ApiError(failure.message, failure.status, [...failure.validationErrors])
    : ApiError.communication();
}

/** The running captcha retry machine of a form sending P and answered with T. */
export type CaptchaRetryActor<P = CaptchaPayload, T = object> = ActorRefFrom<
  ReturnType<typeof createCaptchaRetryMachine<P, T>>
>;

/** Tests: actors that replace the app's, and an observer of every microstep (the model-based view test). */
export interface SubmissionOverrides {
  readonly actors?: Partial<Record<'getCaptchaToken' | 'submitWithCaptcha', AnyActorLogic>>;
  readonly inspect?: (event: InspectionEvent) => void;
}

/** A form's submission actor, alive as long as the form (its side effects are those of the first render). */
export function useCaptchaSubmission<P, T>(
  name: string,
  getToken: CaptchaTokenSource,
  submit: (payload: P | null, captchaToken: string) => Promise<T>,
  overrides: SubmissionOverrides = {},
): CaptchaRetryActor<P, T> {
  // One machine per form: useActorRef starts a new actor whenever the machine's config is a new object.
  const [logic] = useState(() => {
    const provided = captchaRetryLogic(getToken, submit);
    return overrides.actors ? provided.provide({ actors: overrides.actors as never }) : provided;
  });
  return useActorRef(logic, {
    ...actorOptions(name),
    ...(overrides.inspect ? { inspect: overrides.inspect } : {}),
  });
}

export interface SubmissionView<T> {
  readonly busy: boolean;
  readonly result: T | null;
  readonly error: ApiError | null;
}

export function useSubmissionView<P, T>(actor: CaptchaRetryActor<P, T>): SubmissionView<T> {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const result = useSelector(actor, (snapshot) => (snapshot.matches('succeeded') ? snapshot.context.result : null));
  const failure = useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  // One ApiError per failure kept, so effects that depend on it run once per answer.
  const error = useMemo(() => (failure ? apiErrorOf(failure) : null), [failure]);
  return { busy, result, error };
}
