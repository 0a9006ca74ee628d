import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

let t: TestApp;
let session: AuthResult;

beforeAll(async () => {
  t = await createTestApp();
  const customer = await createCustomer(t.database.db);
  session = await signIn(t.app, customer.email);
}, 60_000);
afterAll(() => t.close());

describe('the trade account application (/register)', () => {
  it('checks the ABN checksum, asks for two trade references and the terms, and keeps the input', async () => {
    const user = userEvent.setup();
    renderApp(t, '/register');
    const form = within(await screen.findByRole('form', { name: 'Trade account application' }));
    await user.type(form.getByLabelText(/^ABN/), '51 824 753 557');
    await user.tab();
    expect(await form.findByText('This ABN is not valid: check the digits')).toBeInTheDocument();
    await user.clear(form.getByLabelText(/^ABN/));
    await user.type(form.getByLabelText(/^ABN/), '1234');
    expect(await form.findByText('An ABN has 11 digits')).toBeInTheDocument();
    await user.clear(form.getByLabelText(/^ABN/));
    await user.type(form.getByLabelText(/^ABN/), '51 824 753 556');
    expect(form.queryByText(/ABN/, { selector: 'p.text-brand' })).not.toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Apply for a trade account' }));
    expect(await form.findByText('Enter the legal business name')).toBeInTheDocument();
    expect(form.getByText('Choose a state')).toBeInTheDocument();
    expect(form.getByText('Enter a 4-digit postcode')).toBeInTheDocument();
    expect(form.getByText('Accept the terms and conditions of trade')).toBeInTheDocument();
    expect(form.getAllByText('Enter the supplier name')).toHaveLength(2);
    expect(form.getByLabelText(/^ABN/)).toHaveValue('51 824 753 556');

    await user.click(form.getByRole('button', { name: 'Add a third reference' }));
    expect(form.getByRole('group', { name: 'Trade reference 3' })).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Remove the third reference' }));
    expect(form.queryByRole('group', { name: 'Trade reference 3' })).not.toBeInTheDocument();
  });
});

describe('the product return request', () => {
  it('validates each invoice line and the goods condition, with lines added and removed', async () => {
    const user = userEvent.setup();
    renderApp(t, '/product-returns', session);
    const form = within(await screen.findByRole('form', { name: 'Product return request' }));
    await user.type(form.getByLabelText(/^Invoice number/), 'INV 12/3');
    await user.tab();
    expect(await form.findByText('Use only letters, digits and dashes')).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Add another line' }));
    const second = within(form.getByRole('group', { name: 'Return line 2' }));
    await user.clear(second.getByLabelText(/^Quantity/));
    await user.type(second.getByLabelText(/^Quantity/), '0');
    await user.click(form.getByRole('button', { name: 'Request return' }));
    expect(await second.findByText('Return at least 1')).toBeInTheDocument();
    expect(form.getAllByText('Enter the invoice line')).toHaveLength(2);
    expect(form.getAllByText('Choose a reason')).toHaveLength(2);
    expect(
      form.getByText('Confirm the goods are unused, unfitted and in their original packaging'),
    ).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Remove return line 2' }));
    expect(form.queryByRole('group', { name: 'Return line 2' })).not.toBeInTheDocument();
    expect(
      within(form.getByRole('group', { name: 'Return line 1' })).getByRole('option', { name: 'Ordered in error' }),
    ).toBeInTheDocument();
  });
});

describe('the warranty claim', () => {
  it('checks the DOT date code, tread depth and asks for two photos', async () => {
    const user = userEvent.setup();
    renderApp(t, '/warranty-claims', session);
    const form = within(await screen.findByRole('form', { name: 'Warranty claim' }));
    await user.type(form.getByLabelText(/^DOT serial/), 'DOT U2LL LMLR 6024');
    await user.tab();
    expect(await form.findByText('The date code must start with a week from 01 to 53')).toBeInTheDocument();
    await user.type(form.getByLabelText(/^Remaining tread depth/), '40');
    await user.tab();
    expect(await form.findByText('Enter the depth in millimetres (at most 25)')).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Lodge warranty claim' }));
    expect(
      await form.findByText('Add at least two photos: the fault and the sidewall with the DOT code'),
    ).toBeInTheDocument();
    expect(form.getByText('Choose a claim type')).toBeInTheDocument();
    expect(form.getByText('Describe the fault')).toBeInTheDocument();
    await waitFor(() => expect(form.getByLabelText(/^Invoice number/)).toHaveFocus());
  });

  it('refuses a file type it cannot upload before asking for credentials', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderApp(t, '/warranty-claims', session);
    const form = within(await screen.findByRole('form', { name: 'Warranty claim' }));
    await user.upload(
      form.getByLabelText('Photos of the tyre'),
      new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }),
    );
    expect(await form.findByText(/^setup\.exe: Only \.jpg/)).toBeInTheDocument();
    expect(form.queryByRole('list', { name: 'Photos' })).not.toBeInTheDocument();
  });
});

describe('the dealer program application', () => {
  it('asks for the program and whole numbers, and takes the program from the link', async () => {
    const user = userEvent.setup();
    renderApp(t, '/become-a-dealer?program=PitPass', session);
    const form = within(await screen.findByRole('form', { name: 'Dealer program application' }));
    expect(form.getByLabelText(/^Program/)).toHaveValue('PitPass');
    await user.type(form.getByLabelText(/^Service bays/), '2.5');
    await user.click(form.getByRole('button', { name: 'Apply' }));
    expect(await form.findByText('Enter a whole number')).toBeInTheDocument();
    expect(form.getByText('Enter tyres sold per month')).toBeInTheDocument();
    expect(form.getByText('Enter a phone number')).toBeInTheDocument();
    await user.type(form.getByLabelText(/^Phone/), '555 1234');
    expect(await form.findByText('Enter an Australian phone number')).toBeInTheDocument();
  });
});
