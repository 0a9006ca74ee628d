import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent } from 'xstate';
import { captchaRetryMachine } from '../../machines/captcha-retry';
import { ApiClient } from '../../src/web/api/api-client';
import { ContactUsForm } from '../../src/web/components/forms/contact-us-form';
import { CAPTCHA_REFUSED_MESSAGE } from '../../src/web/components/forms/form-submission';
import { SessionProvider } from '../../src/web/session/session-context';
import { captchaRefusal as refusal, captchaRetryModelOptions, fieldFailure } from '../model/spec/captcha-retry';
import { createMachineModel } from '../model/support/model-harness';
import { UI_WAIT_MS } from '../support/ui-wait';

/**
 * The contact form along the captcha retry machine's paths: 'captcha.submit' is a click on Send message with the
 * form filled in, 'captcha.reset' a click on Send another message; the token and the call are the model's deferred
 * actors, so each path decides what they answer; the screen is checked after every step, and SPEC.md's assertions
 * (tests/model/spec/captcha-retry.ts) on what the form sent.
 */
const model = createMachineModel(captchaRetryMachine, {
  ...captchaRetryModelOptions,
  // The form sends what is typed into it, not the model's payload.
  compareContext: false,
});

const unreachable: typeof fetch = async () => {
  throw new Error('the model supplies every call of this form');
};

function fillAndSend() {
  const form = within(screen.getByRole('form', { name: 'Contact us' }));
  fireEvent.change(form.getByLabelText(/^Your name/), { target: { value: 'Jess Nguyen' } });
  fireEvent.change(form.getByLabelText(/^Email/), { target: { value: 'jess@example.com.au' } });
  fireEvent.change(form.getByLabelText(/^Topic/), { target: { value: 'Pricing' } });
  fireEvent.change(form.getByLabelText(/^Message/), { target: { value: 'Please quote 20 sets of 265/70R16.' } });
  fireEvent.click(form.getByRole('button', { name: 'Send message' }));
}

describe('the contact form along the captcha retry machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let view: ReturnType<typeof render> | null = null;
      try {
        await model.run(path, {
          start: async ({ actors, inspect }) => {
            let running: AnyActorRef | null = null;
            const observe = (event: InspectionEvent) => {
              const ref = event.actorRef as AnyActorRef;
              if (event.type === '@xstate.actor' && ref.id.startsWith('form:') && !running) running = ref;
              inspect(event);
            };
            view = render(
              <QueryClientProvider client={new QueryClient()}>
                <SessionProvider api={new ApiClient({ fetch: unreachable })}>
                  <ContactUsForm submission={{ actors, inspect: observe }} />
                </SessionProvider>
              </QueryClientProvider>,
            );
            await vi.waitFor(() => expect(running).not.toBeNull(), { timeout: UI_WAIT_MS });
            return running as unknown as AnyActorRef;
          },
          events: {
            'captcha.submit': async (_event, actor) => {
              fillAndSend();
              await vi.waitFor(
                () => expect((actor.getSnapshot() as AnyMachineSnapshot).matches('gettingToken')).toBe(true),
                { timeout: UI_WAIT_MS },
              );
            },
            'captcha.reset': () => {
              fireEvent.click(screen.getByRole('button', { name: 'Send another message' }));
            },
          },
          check: async (step) => {
            const state = step.state as AnyMachineSnapshot;
            if (state.matches('idle')) {
              expect(await screen.findByRole('button', { name: 'Send message' })).toBeEnabled();
              expect(screen.queryByRole('alert')).not.toBeInTheDocument();
            }
            if (state.hasTag('busy')) {
              await waitFor(() => expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled());
            }
            if (state.matches('succeeded')) {
              expect(await screen.findByTestId('form-reference')).toHaveTextContent('CU-7K3M9Q');
            }
            if (state.matches('failed')) {
              const error = state.context.error;
              const alert = await screen.findByRole('alert');
              if (error === refusal) expect(alert).toHaveTextContent(CAPTCHA_REFUSED_MESSAGE);
              else if (error === fieldFailure) {
                expect(alert).toHaveTextContent('The request is not valid.');
                expect(screen.getByText('Tell us a little more (at least 10 characters)')).toBeInTheDocument();
              } else expect(alert).toHaveTextContent('A communication error has occurred');
              expect(screen.getByLabelText(/^Your name/)).toHaveValue('Jess Nguyen');
            }
          },
        });
      } finally {
        (view as ReturnType<typeof render> | null)?.unmount();
        vi.useRealTimers();
      }
    });
  }
});
