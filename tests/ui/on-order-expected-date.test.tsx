import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { createCustomer, signIn } from '../support/fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';
import { UI_WAIT_MS } from '../support/ui-wait';

let t: TestApp;
let dealer: AuthResult;
let importFile: FileImporter;

beforeAll(async () => {
  t = await createTestApp();
  await createCatalogueFixture(t.database.db, t.clock.now);
  importFile = await createFileImporter(t, t.clock.now);
  // Bravo Trail is on order only: none on hand, and its inbound stock in Sydney is dated by the feed.
  await importFile('inbound-stock', 'sku,warehouse,quantity,expected\nT3,SYDNEY,12,2026-12-12\n');
  await t.app.catalogue.reload();
  const customer = await createCustomer(t.database.db, { state: 'VIC' });
  dealer = await signIn(t.app, customer.email);
}, 60_000);

afterAll(async () => {
  await importFile.dispose();
  await t?.close();
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('stock on order with an expected date', () => {
  it('reads "On order, expected 12 Dec" on the result and in its warehouse breakdown', async () => {
    renderApp(t, '/tyres?size=265%2F65R17', dealer);
    const results = within(await screen.findByRole('region', { name: 'Results' }));
    const bravo = within(await results.findByRole('article', { name: 'Bravo Trail 265/65R17 116S XL' }));
    const badge = await bravo.findByRole('button', { name: /^On order, expected 12 Dec: stock by warehouse/ });
    expect(badge).toHaveTextContent('On order, expected 12 Dec');
    await userEvent.click(badge);
    const breakdown = await screen.findByRole('table', { name: 'Stock by warehouse: Bravo Trail 265/65R17 116S XL' });
    await waitFor(
      () =>
        expect(
          within(breakdown)
            .getAllByRole('rowheader')
            .map((cell) => cell.closest('tr')?.textContent),
        ).toEqual(['SYDNEY0+12 on order, expected 12 Dec']),
      { timeout: UI_WAIT_MS },
    );
  });

  it('reads "On order, expected 12 Dec" among the quick order pad\'s candidates', async () => {
    const user = userEvent.setup();
    renderApp(t, '/quick-order', dealer);
    await user.click(await screen.findByLabelText('New item: SKU, tyre size or wheel code'));
    await user.keyboard('265/65R17{Tab}1{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add all to cart (1)' }));
    const candidates = await screen.findByRole(
      'listbox',
      { name: 'Choose a product for row 1' },
      { timeout: UI_WAIT_MS },
    );
    expect(within(candidates).getAllByRole('option')[0]).toHaveTextContent(
      /^Bravo Trail.*On order, expected 12 DecDelivery: on order, expected \d+ Dec$/,
    );
  });
});
