import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { pitPassEntries } from '../../src/server/db/schema';
import { createAccountWithDetails } from '../support/account-fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-20T01:00:00Z');
let t: TestApp;
let dealer: AuthResult;
let outsider: AuthResult;
let marshalInvoice: string;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const member = await createAccountWithDetails(t.database.db, {
    isMarshalKeyDealer: true,
    isAssociateDealer: true,
    hasPitPass: true,
  });
  const accountId = member.account.id;
  await t.database.db.insert(pitPassEntries).values([
    {
      accountId,
      occurredAt: new Date('2026-06-02T01:00:00Z'),
      description: 'Purchases, invoice INV-PP-1',
      points: 5_400,
    },
    {
      accountId,
      occurredAt: new Date('2026-09-15T01:00:00Z'),
      description: 'Redeemed: Digital tyre pressure gauge',
      points: -800,
    },
  ]);
  marshalInvoice = (
    await createInvoice(t.database.db, accountId, {
      lines: [
        {
          sku: 'MH12-2055516',
          description: 'Marshal MH12 205/55R16 91V',
          brand: 'Marshal',
          quantity: 4,
          unitPriceCents: 12_000,
        },
      ],
    })
  ).invoiceNumber;
  dealer = await signIn(t.app, member.email);
  outsider = await signIn(t.app, (await createAccountWithDetails(t.database.db)).email);
}, 60_000);
afterAll(() => t.close());

describe('the program pages (/promotions/…)', () => {
  it('shows the Pit Pass standing and history, and a redemption answers a reference and spends the points', async () => {
    const user = userEvent.setup();
    renderApp(t, '/promotions/PitPass', dealer);
    expect(await screen.findByTestId('pit-pass-points')).toHaveTextContent('4,600');
    expect(screen.getByText('Silver')).toBeInTheDocument();
    expect(screen.getByText('6,600 more points earned in 12 months reach Gold.')).toBeInTheDocument();
    const history = within(screen.getByRole('table', { name: /Pit Pass history/ }));
    expect(history.getByText('Redeemed: Digital tyre pressure gauge')).toBeInTheDocument();
    expect(history.getByText('-800')).toBeInTheDocument();
    expect(history.getByText('+5,400')).toBeInTheDocument();
    expect(history.getByText('15 Sept 2026')).toBeInTheDocument();

    const form = within(screen.getByRole('form', { name: 'Redeem Pit Pass points' }));
    await user.click(form.getByRole('button', { name: 'Redeem points' }));
    expect(await form.findByText('Choose a reward')).toBeInTheDocument();
    expect(form.getByText('Enter a valid email address')).toBeInTheDocument();

    await user.selectOptions(form.getByLabelText(/^Reward/), 'WORKSHOP-JACKET');
    await user.clear(form.getByLabelText(/^How many/));
    await user.type(form.getByLabelText(/^How many/), '2');
    await user.type(form.getByLabelText(/^Email/), 'casey@fixture.test');
    await user.click(form.getByRole('button', { name: 'Redeem points' }));
    expect(await screen.findByTestId('program-reference')).toHaveTextContent(/\S+/);
    await waitFor(() => expect(screen.getByTestId('pit-pass-points')).toHaveTextContent('1,600'));
  });

  it("puts the server's refusal of a Marshal claim under the invoice field, and a good claim answers a reference", async () => {
    const user = userEvent.setup();
    renderApp(t, '/promotions/marshall', dealer);
    const form = within(await screen.findByRole('form', { name: 'Marshal rebate claim' }));
    expect(form.getByLabelText(/^Contact name/)).not.toHaveValue('');
    await user.type(form.getByLabelText(/^Invoice number/), 'INV-NOT-OURS');
    await user.type(form.getByLabelText(/^Marshal tyres on the invoice/), '4');
    await user.type(form.getByLabelText(/^Email/), 'casey@fixture.test');
    await user.click(form.getByRole('button', { name: 'Submit claim' }));
    expect(await form.findByText('There is no invoice with this number on your account')).toBeInTheDocument();
    expect(form.getByLabelText(/^Invoice number/)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(form.getByLabelText(/^Invoice number/));
    await user.type(form.getByLabelText(/^Invoice number/), marshalInvoice);
    await user.click(form.getByRole('button', { name: 'Submit claim' }));
    expect(await screen.findByTestId('program-reference')).toHaveTextContent(/\S+/);
  });

  it('validates the Michelin sign-up with the shared schema before sending it', async () => {
    const user = userEvent.setup();
    renderApp(t, '/promotions/Michelin', dealer);
    const form = within(await screen.findByRole('form', { name: 'Michelin promotion sign-up' }));
    await user.clear(form.getByLabelText(/^Contact name/));
    await user.type(form.getByLabelText(/^Michelin tyres you expect/), '0');
    await user.click(form.getByRole('button', { name: 'Sign up' }));
    expect(await form.findByText('Choose a promotion')).toBeInTheDocument();
    expect(form.getByText('Enter at least 1')).toBeInTheDocument();
    expect(form.getByText('Enter a contact name')).toBeInTheDocument();

    await user.selectOptions(form.getByLabelText(/^Promotion/), 'MIC-4X4-SHOWCASE');
    await user.clear(form.getByLabelText(/^Michelin tyres you expect/));
    await user.type(form.getByLabelText(/^Michelin tyres you expect/), '40');
    await user.type(form.getByLabelText(/^Contact name/), 'Casey Contact');
    await user.type(form.getByLabelText(/^Email/), 'casey@fixture.test');
    await user.click(form.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByTestId('program-reference')).toHaveTextContent(/\S+/);
  });

  it.each([
    ['/promotions/marshall', 'Marshal Key Dealer'],
    ['/promotions/Michelin', 'Michelin Associate Dealer'],
    ['/promotions/PitPass', 'PitPass'],
  ])('tells an account outside the program that %s is not part of it', async (path, program) => {
    renderApp(t, path, outsider);
    expect(await screen.findByText('Not part of your account')).toBeInTheDocument();
    expect(screen.getByText(`Your account is not enrolled in the ${program} program.`)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
