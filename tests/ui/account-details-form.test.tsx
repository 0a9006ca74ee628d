import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/server/db/schema';
import { createAccountWithDetails } from '../support/account-fixtures';
import { signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

async function openDetails() {
  const customer = await createAccountWithDetails(t.database.db);
  renderApp(t, '/my-account', await signIn(t.app, customer.email));
  const form = within(await screen.findByRole('form', { name: 'Account details' }));
  return { customer, form };
}

describe('the account details form (/my-account)', () => {
  it('starts from the saved details and shows the shared schema messages under their fields', async () => {
    const user = userEvent.setup();
    const { customer, form } = await openDetails();
    expect(screen.getByRole('heading', { name: customer.account.name })).toBeInTheDocument();
    expect(form.getByLabelText(/^Contact name/)).toHaveValue('Casey Contact');
    expect(form.getByLabelText(/^Same as delivery address/)).toBeChecked();
    expect(within(form.getByRole('group', { name: 'Delivery address' })).getByLabelText(/^State/)).toHaveValue('VIC');

    await user.clear(form.getByLabelText(/^Phone/));
    await user.type(form.getByLabelText(/^Phone/), '12345');
    await user.tab();
    expect(await form.findByText('Enter an Australian phone number')).toBeInTheDocument();

    await user.clear(form.getByLabelText(/^Contact name/));
    const delivery = within(form.getByRole('group', { name: 'Delivery address' }));
    await user.clear(delivery.getByLabelText(/^Postcode/));
    await user.type(delivery.getByLabelText(/^Postcode/), '31');
    await user.click(form.getByLabelText(/^Same as delivery address/));
    const billing = within(form.getByRole('group', { name: 'Billing address' }));
    expect(billing.getByLabelText(/^Street address/)).toHaveValue('');

    await user.click(form.getByRole('button', { name: 'Save details' }));
    expect(await form.findByText('Enter a contact name')).toBeInTheDocument();
    expect(delivery.getByText('Enter a 4-digit postcode')).toBeInTheDocument();
    expect(billing.getByText('Enter the street address')).toBeInTheDocument();
    expect(billing.getByText('Choose a state')).toBeInTheDocument();
    await waitFor(() => expect(form.getByLabelText(/^Contact name/)).toHaveFocus());
    expect(screen.queryByText('Your account details have been saved.')).not.toBeInTheDocument();

    // Ticking 'same as delivery' again drops the billing address and its errors.
    await user.click(form.getByLabelText(/^Same as delivery address/));
    expect(billing.queryByLabelText(/^Street address/)).not.toBeInTheDocument();
    expect(billing.queryByText('Enter the street address')).not.toBeInTheDocument();
  });

  it('saves through Account/Details with a busy button, confirms, and writes the account', async () => {
    const user = userEvent.setup();
    const { customer, form } = await openDetails();
    await user.clear(form.getByLabelText(/^Contact name/));
    await user.type(form.getByLabelText(/^Contact name/), 'Jordan Newname');
    await user.click(form.getByLabelText(/^Same as delivery address/));
    const billing = within(form.getByRole('group', { name: 'Billing address' }));
    await user.type(billing.getByLabelText(/^Street address/), 'PO Box 99');
    await user.type(billing.getByLabelText(/^Suburb or town/), 'Geelong');
    await user.selectOptions(billing.getByLabelText(/^State/), 'VIC');
    await user.type(billing.getByLabelText(/^Postcode/), '3220');
    const delivery = within(form.getByRole('group', { name: 'Delivery address' }));
    await user.selectOptions(delivery.getByLabelText(/^State/), 'NSW');
    await user.clear(delivery.getByLabelText(/^Postcode/));
    await user.type(delivery.getByLabelText(/^Postcode/), '2000');
    await user.selectOptions(form.getByLabelText(/^Prices in the catalogue/), 'RRP');
    await user.click(form.getByLabelText(/^Use tab navigation/));
    expect(form.getByLabelText(/^Email our contact when an order ships/)).toBeChecked();
    await user.click(form.getByLabelText(/^Email our contact when an order ships/));

    await user.click(form.getByRole('button', { name: 'Save details' }));
    expect(form.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(await screen.findByText('Your account details have been saved.')).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Save details' })).toBeEnabled();

    const [saved] = await t.database.db.select().from(accounts).where(eq(accounts.id, customer.account.id));
    expect(saved).toMatchObject({
      contactName: 'Jordan Newname',
      state: 'NSW',
      deliveryPostcode: '2000',
      billingAddress1: 'PO Box 99',
      billingCity: 'Geelong',
      billingPostcode: '3220',
      priceDisplay: 'RRP',
      useTabNavigation: !customer.account.useTabNavigation,
      mailWhenShipped: false,
    });

    // An edit after saving takes the confirmation away: it described the saved state.
    await user.type(form.getByLabelText(/^Contact name/), 'x');
    expect(screen.queryByText('Your account details have been saved.')).not.toBeInTheDocument();
  });
});
