import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import type { CartState } from '../../src/contract/cart';
import type { Quote } from '../../src/contract/quotes';
import { assignDiscountTier, createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createColleague, createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-20T01:00:00Z');
let t: TestApp;
let counter: AuthResult;
let buyer: AuthResult;
let quote: Quote;
let t1: number;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const catalogue = await createCatalogueFixture(t.database.db, NOW);
  t1 = catalogue.tyres.t1;
  const shop = await createCustomer(t.database.db, { state: 'VIC', priceDisplay: 'Trade', name: 'Corner Tyres' });
  await assignDiscountTier(t.database.db, shop.account.id, catalogue.goldTierId);
  await t.app.catalogue.reload();
  counter = await signIn(t.app, (await createColleague(t.database.db, shop.account.id, 'counter')).email);
  buyer = await signIn(t.app, (await createColleague(t.database.db, shop.account.id, 'buyer')).email);
  const created = await t.app.inject({
    method: 'POST',
    url: api('Quote/Create'),
    headers: bearer(counter),
    payload: {
      customerName: 'Jo Walker',
      vehicle: 'Toyota HiLux 2019',
      validUntil: '2026-12-04',
      lines: [{ productId: t1, quantity: 4 }],
      services: [{ kind: 'Fitting', quantity: 4, unitCents: 2_500 }],
    },
  });
  quote = created.json() as Quote;
}, 60_000);
afterAll(() => t.close());

describe('the quote page (/my-account/quotes/$quoteId)', () => {
  it('shows a counter user the quote at the shop’s prices, ready to print or download, and no way to the cart', async () => {
    renderApp(t, `/my-account/quotes/${quote.id}`, counter);
    const page = await screen.findByRole('heading', { name: 'Corner Tyres' });
    const article = page.closest('[data-print-page]') as HTMLElement;
    expect(within(article).getByText('Quote Q-0001')).toBeTruthy();
    expect(within(article).getByText('For Jo Walker')).toBeTruthy();
    expect(within(article).getByText('Valid until Fri 4 Dec 2026')).toBeTruthy();
    const table = within(article).getByRole('table', { name: 'Quote lines, prices excl. GST' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'CodeDescriptionQtyUnit excl. GSTTotal excl. GST',
      'T1Alpha Road One 265/65R17 112H4$300.00$1,200.00',
      'Fitting4$25.00$100.00',
      'Subtotal excl. GST$1,300.00',
      'GST (10%)$130.00',
      'Total incl. GST$1,430.00',
    ]);
    expect(document.body.textContent).not.toContain('$180.00');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn into cart' })).toBeNull();
  });

  it('lets a buyer turn the quote into a cart at the account’s prices', async () => {
    const user = userEvent.setup();
    renderApp(t, `/my-account/quotes/${quote.id}`, buyer);
    await user.click(await screen.findByRole('button', { name: 'Turn into cart' }));
    await waitFor(async () => {
      const cart = (await t.app.inject({ method: 'GET', url: api('Cart/Get'), headers: bearer(buyer) })).json();
      expect((cart as CartState).items.map((item) => [item.sku, item.quantity, item.unitPriceValue])).toEqual([
        ['T1', 4, 18_000],
      ]);
    });
  });

  it('builds a quote from the products picked, saves it and opens it', async () => {
    const user = userEvent.setup();
    window.sessionStorage.setItem(
      'yhi.quoteDraft',
      JSON.stringify([{ productId: t1, name: 'Alpha Road One 265/65R17 112H', quantity: 2 }]),
    );
    renderApp(t, '/my-account/quotes/new', counter);
    await user.type(await screen.findByRole('textbox', { name: 'Customer’s name' }), 'Sam Lee');
    await user.click(screen.getByRole('checkbox', { name: 'Disposal' }));
    await user.click(screen.getByRole('button', { name: 'Save quote' }));
    expect(await screen.findByText('For Sam Lee')).toBeTruthy();
    expect(screen.getByText('Quote Q-0002')).toBeTruthy();
    // Two at RRP $300.00, and disposal at the shop's price, $0.00 until the owner sets one.
    expect(screen.getByText('Total incl. GST').closest('tr')?.textContent).toBe('Total incl. GST$660.00');
    expect(screen.getByText('Tyre disposal')).toBeTruthy();
    expect(window.sessionStorage.getItem('yhi.quoteDraft')).toBe('[]');
  });
});
