import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import type { QuoteSettings } from '../../src/contract/quotes';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createColleague, createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-20T01:00:00Z');
let t: TestApp;
let owner: AuthResult;
let counter: AuthResult;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const catalogue = await createCatalogueFixture(t.database.db, NOW);
  const shop = await createCustomer(t.database.db, { state: 'VIC', name: 'Corner Tyres' });
  await t.app.catalogue.reload();
  owner = await signIn(t.app, shop.email);
  counter = await signIn(t.app, (await createColleague(t.database.db, shop.account.id, 'counter')).email);
  for (const customerName of ['Jo Walker', 'Sam Lee']) {
    await t.app.inject({
      method: 'POST',
      url: api('Quote/Create'),
      headers: bearer(counter),
      payload: { customerName, validUntil: '2026-12-04', lines: [{ productId: catalogue.tyres.t1, quantity: 1 }] },
    });
  }
}, 60_000);
afterAll(() => t.close());

describe('My Account → Quotes (/my-account/quotes)', () => {
  it('lists the account’s quotes and finds them by the customer’s name; a counter user sees no settings', async () => {
    const user = userEvent.setup();
    renderApp(t, '/my-account/quotes', counter);
    const table = await screen.findByRole('table', { name: /Quotes, page 1 of 1/ });
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Q-0002', 'Q-0001']);
    await user.type(screen.getByRole('textbox', { name: 'Customer’s name' }), 'walker');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table'))
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Q-0001']),
    );
    expect(screen.queryByRole('form', { name: 'Quote settings' })).toBeNull();
  });

  it('lets the owner save the name, ABN, markup and service prices quotes carry, and says why an ABN is refused', async () => {
    const user = userEvent.setup();
    renderApp(t, '/my-account/quotes', owner);
    const form = within(await screen.findByRole('form', { name: 'Quote settings' }));
    expect(form.getByLabelText('Trading name on quotes')).toHaveValue('Corner Tyres');
    await user.type(form.getByLabelText('ABN'), '51 824 753 557');
    await user.click(form.getByRole('button', { name: 'Save quote settings' }));
    expect(await form.findByRole('alert')).toHaveTextContent('This ABN is not valid: check the digits');
    await user.clear(form.getByLabelText('ABN'));
    await user.type(form.getByLabelText('ABN'), '51 824 753 556');
    await user.type(form.getByLabelText(/^Markup/), '30');
    await user.clear(form.getByLabelText(/^Fitting/));
    await user.type(form.getByLabelText(/^Fitting/), '27.50');
    await user.click(form.getByRole('button', { name: 'Save quote settings' }));
    expect(await form.findByRole('status')).toHaveTextContent('Saved.');
    const saved = (
      await t.app.inject({ method: 'GET', url: api('Quote/Settings'), headers: bearer(owner) })
    ).json() as QuoteSettings;
    expect(saved).toEqual({
      tradingName: 'Corner Tyres',
      abn: '51824753556',
      markupBasisPoints: 3_000,
      servicePrices: { Fitting: 2_750, Balancing: 0, Disposal: 0 },
    });
  });
});
