import { screen, waitFor, within } from '@testing-library/react';
import { UI_WAIT_MS } from '../support/ui-wait';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { createAccountWithDetails } from '../support/account-fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-20T01:00:00Z');
let t: TestApp;
let session: AuthResult;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const customer = await createAccountWithDetails(t.database.db);
  await createInvoice(t.database.db, customer.account.id, {
    lines: [
      {
        sku: 'MH12-2055516',
        description: 'Marshal MH12 205/55R16 91V',
        brand: 'Marshal',
        quantity: 4,
        unitPriceCents: 10_000,
      },
      {
        sku: 'GRID-GD01',
        description: 'Grid GD-01 17x9',
        brand: 'Grid',
        category: 'Wheels',
        quantity: 4,
        unitPriceCents: 25_000,
      },
    ],
    issuedAt: new Date('2026-11-05T01:00:00Z'),
  });
  session = await signIn(t.app, customer.email);
}, 60_000);
afterAll(() => t.close());

describe('the sales section of /my-account', () => {
  it('shows the last 12 months by month, category and brand as tables beside the lazily loaded charts', async () => {
    renderApp(t, '/my-account', session);
    const sales = within(await screen.findByRole('region', { name: 'Your purchases, last 12 months' }));
    expect(await sales.findByTestId('sales-total')).toHaveTextContent('$1,400.00');

    const months = within(sales.getByRole('table', { name: /Purchases by month/ }));
    const monthRows = months.getAllByRole('row').slice(1);
    expect(monthRows).toHaveLength(12);
    expect(within(monthRows[11] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Nov 2026');
    expect(monthRows[11]).toHaveTextContent('$1,400.00');
    expect(monthRows[0]).toHaveTextContent('$0.00');

    const categories = within(sales.getByRole('table', { name: /Purchases by category/ }));
    expect(categories.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Wheels', 'Tyres']);
    const brands = within(sales.getByRole('table', { name: /Purchases by brand/ }));
    expect(brands.getByRole('row', { name: /Marshal/ })).toHaveTextContent('$400.00');

    // The three charts load lazily, one by one: wait for all of them, not the first.
    await waitFor(
      () => expect(sales.getAllByRole('img', { name: /as a chart; the table gives the figures/ })).toHaveLength(3),
      { timeout: UI_WAIT_MS },
    );
  });
});
