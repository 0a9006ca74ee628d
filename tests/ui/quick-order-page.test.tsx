import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { createCustomer, createStaff, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { signInStaff } from '../support/roles';
import { type TestApp, createTestApp } from '../support/test-app';

/** The quick order page in the whole app against the real server, on the hand-made catalogue of tests/support. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createCatalogueFixture(t.database.db, t.clock.now);
  await t.app.catalogue.reload();
}, 60_000);
afterAll(() => t?.close());
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const dealer = async (): Promise<AuthResult> =>
  signIn(t.app, (await createCustomer(t.database.db, { state: 'VIC' })).email);
const row = (number: number) => screen.getByRole('row', { name: `Row ${number}` });
const NEW_ITEM = 'New item: SKU, tyre size or wheel code';

describe('the quick order page', () => {
  it('takes rows typed (query, Tab, quantity, Enter) and pasted, adds all, and lets the buyer fix an ambiguous row with the keyboard', async () => {
    const user = userEvent.setup();
    renderApp(t, '/quick-order', await dealer());
    const item = await screen.findByLabelText(NEW_ITEM);
    await user.click(item);
    await user.keyboard('t1{Tab}2{Enter}');
    expect(screen.getByLabelText('Item of row 1')).toHaveValue('t1');
    expect(screen.getByLabelText('Quantity of row 1')).toHaveValue('2');
    // Enter leaves the buyer on a fresh entry row, ready for the next item.
    expect(item).toHaveFocus();
    expect(item).toHaveValue('');
    await user.keyboard('265/65R17{Tab}1{Enter}');
    fireEvent.paste(item, { clipboardData: { getData: () => 'W1\t4\r\nflux capacitor\t1\r\n' } });
    expect(screen.getByLabelText('Item of row 4')).toHaveValue('flux capacitor');

    await user.click(screen.getByRole('button', { name: 'Add all to cart (4)' }));
    await waitFor(() =>
      expect(within(row(1)).getByText('Added: Alpha Road One 265/65R17 112H · $200.00')).toBeInTheDocument(),
    );
    expect(row(2)).toHaveTextContent('2 products match: choose one.');
    expect(row(3)).toHaveTextContent('Added: Delta Six 17x8.5 6x139.7 +10 Gloss Black');
    expect(row(4)).toHaveTextContent('No product matches.');
    expect(await screen.findByRole('button', { name: 'Cart, 6 items' })).toBeInTheDocument();
    expect(screen.getByText('2 added · 2 to correct · 0 ready')).toBeInTheDocument();

    // The cheapest candidate first (Bravo, none in stock), then Alpha: down once and Enter takes Alpha's SKU.
    const candidates = within(row(2)).getByRole('listbox', { name: 'Choose a product for row 2' });
    expect(
      within(candidates)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      expect.stringMatching(/^Bravo Trail.*\$150\.00On orderDelivery: on order, no date yet: cannot be ordered$/),
      expect.stringMatching(/^Alpha Road One.*\$200\.0010 localDelivery: \S+/),
    ]);
    candidates.focus();
    await user.keyboard('{ArrowDown}');
    expect(within(candidates).getByRole('option', { selected: true })).toHaveTextContent('Alpha Road One');
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Item of row 2')).toHaveValue('T1');
    expect(screen.getByLabelText('Item of row 2')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Add all to cart (1)' }));
    await waitFor(() => expect(row(2)).toHaveTextContent('Added: Alpha Road One 265/65R17 112H'));
    expect(await screen.findByRole('button', { name: 'Cart, 7 items' })).toBeInTheDocument();
    // The row not found stays for correction; the added ones are not sent again.
    expect(screen.getByText('3 added · 1 to correct · 0 ready')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add all to cart' })).toBeDisabled();
  });

  it('fills the grid from a CSV file with a header, and says when a row is short of stock', async () => {
    const user = userEvent.setup();
    renderApp(t, '/quick-order', await dealer());
    const csv = new File(['query,quantity\n2254517,5\nM1,"3"\n'], 'order.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('Import a CSV file'), csv);
    await waitFor(() => expect(screen.getByLabelText('Item of row 2')).toHaveValue('M1'));
    expect(screen.getByLabelText('Item of row 1')).toHaveValue('2254517');
    await user.click(screen.getByRole('button', { name: 'Add all to cart (2)' }));
    await waitFor(() => expect(row(1)).toHaveTextContent('Only 4 in stock.'));
    expect(row(2)).toHaveTextContent('Added: Gorilla Conical Nut M12x1.5');
    // One click takes the quantity held, and the row is ready again.
    await user.click(within(row(1)).getByRole('button', { name: 'Change to 4' }));
    expect(screen.getByLabelText('Quantity of row 1')).toHaveValue('4');
    expect(row(1)).toHaveTextContent('Ready');
    expect(screen.getByRole('button', { name: 'Add all to cart (1)' })).toBeEnabled();
  });

  it('is linked from the header and the tyre search for customers', async () => {
    const user = userEvent.setup();
    renderApp(t, '/tyres', await dealer());
    expect(await screen.findByRole('link', { name: 'Use the quick order pad' })).toHaveAttribute(
      'href',
      '/quick-order',
    );
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Quick order' }),
    );
    expect(await screen.findByLabelText(NEW_ITEM)).toBeInTheDocument();
  });

  it('tells staff the pad is for customers', async () => {
    renderApp(t, '/quick-order', await signInStaff(t.app, (await createStaff(t.database.db)).email));
    expect(await screen.findByText(/The quick order pad is for customers/)).toBeInTheDocument();
    expect(screen.queryByLabelText(NEW_ITEM)).toBeNull();
  });
});
