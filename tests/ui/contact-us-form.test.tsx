import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formSubmissions } from '../../src/server/db/schema';
import { ApiClient } from '../../src/web/api/api-client';
import { App } from '../../src/web/app';
import { injectFetch } from '../support/inject-fetch';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

describe('the contact form', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('shows each invalid field under it on submit, keeps what was typed, and validates a field on blur', async () => {
    const user = userEvent.setup();
    renderApp(t, '/contact-us');
    const form = within(await screen.findByRole('form', { name: 'Contact us' }));
    await user.type(form.getByLabelText(/^Email/), 'not-an-email');
    await user.tab();
    expect(await form.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(form.queryByText('Enter your name')).not.toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(await form.findByText('Enter your name')).toBeInTheDocument();
    expect(form.getByText('Choose a topic')).toBeInTheDocument();
    expect(form.getByText('Enter your message')).toBeInTheDocument();
    await user.type(form.getByLabelText(/^Message/), 'Hi');
    expect(await form.findByText('Tell us a little more (at least 10 characters)')).toBeInTheDocument();
    expect(form.getByLabelText(/^Email/)).toHaveValue('not-an-email');
    expect(form.getByLabelText(/^Your name/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(form.getByLabelText(/^Phone/), '12345');
    await user.tab();
    expect(await form.findByText('Enter an Australian phone number')).toBeInTheDocument();
  });

  it('sends a valid message and shows the reference number the server stored', async () => {
    const user = userEvent.setup();
    renderApp(t, '/contact-us');
    const form = within(await screen.findByRole('form', { name: 'Contact us' }));
    await user.type(form.getByLabelText(/^Your name/), 'Jess Nguyen');
    await user.type(form.getByLabelText(/^Email/), 'jess@example.com.au');
    await user.selectOptions(form.getByLabelText(/^Topic/), 'Pricing');
    await user.type(form.getByLabelText(/^Message/), 'Please quote 20 sets of 265/70R16.');
    await user.click(form.getByRole('button', { name: 'Send message' }));

    const receipt = await screen.findByRole('status');
    const reference = within(receipt).getByTestId('form-reference').textContent ?? '';
    expect(reference).toMatch(/^CU-[A-Z0-9]{6}$/);
    const [row] = await t.database.db.select().from(formSubmissions).where(eq(formSubmissions.reference, reference));
    expect(row?.payload).toMatchObject({ name: 'Jess Nguyen', topic: 'Pricing' });

    await user.click(within(receipt).getByRole('button', { name: 'Send another message' }));
    expect(await screen.findByRole('form', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Your name/)).toHaveValue('');
  });

  it('retries once with a fresh token when the server refuses the captcha token, without the person noticing', async () => {
    // The first token this browser sends is one the local verifier refuses ('invalid…'), as an expired reCAPTCHA token would be.
    const sent: string[] = [];
    const server = injectFetch(t.app);
    const refusingFirstToken: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/Form/ContactUs') && typeof init?.body === 'string') {
        const body = JSON.parse(init.body) as { captchaToken: string };
        const captchaToken = sent.length === 0 ? 'invalid-expired' : body.captchaToken;
        sent.push(captchaToken);
        return server(input, { ...init, body: JSON.stringify({ ...body, captchaToken }) });
      }
      return server(input, init);
    };
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/contact-us');
    render(<App api={new ApiClient({ fetch: refusingFirstToken, validateResponses: true })} />);

    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Contact us' }));
    await user.type(form.getByLabelText(/^Your name/), 'Jess Nguyen');
    await user.type(form.getByLabelText(/^Email/), 'jess@example.com.au');
    await user.selectOptions(form.getByLabelText(/^Topic/), 'Website help');
    await user.type(form.getByLabelText(/^Message/), 'The invoice page is slow to load.');
    await user.click(form.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByTestId('form-reference')).toHaveTextContent(/^CU-/);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe('invalid-expired');
    expect(sent[1]).toMatch(/^local-submit-/);
  });
});
