import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { clearEmailProducts } from '../../src/web/components/catalogue/email-products';
import { setCounterPriceMode } from '../../src/web/components/catalogue/counter-price-mode';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { createCustomer, signIn } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

let t: TestApp;
let dataDir: string;
let dealer: AuthResult;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-tyre-page-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  await createCatalogueFixture(t.database.db, t.clock.now);
  await t.app.catalogue.reload();
  const customer = await createCustomer(t.database.db, { state: 'VIC' });
  dealer = await signIn(t.app, customer.email);
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearEmailProducts();
  setCounterPriceMode('Account');
});

const results = () => within(screen.getByRole('region', { name: 'Results' }));
const resultNames = () =>
  results()
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

describe('the tyre page', () => {
  it('takes a size typed as a counter hand types it and shows the dealer price, stock and warehouses', async () => {
    renderApp(t, '/tyres', dealer);
    const box = await screen.findByLabelText('Size or product search');
    await userEvent.type(box, '2656517{Enter}');
    await waitFor(() =>
      expect(resultNames()).toEqual(['Alpha Road One 265/65R17 112H', 'Bravo Trail 265/65R17 116S XL']),
    );
    expect(new URLSearchParams(window.location.search).get('size')).toBe('265/65R17');
    expect(results().getByRole('status')).toHaveTextContent('1–2 of 2 products');

    const alpha = within(results().getByRole('article', { name: 'Alpha Road One 265/65R17 112H' }));
    expect(alpha.getByTestId('product-price')).toHaveTextContent('$200.00');
    expect(alpha.getByTestId('product-price')).toHaveTextContent('Trade ea excl. GST · RRP $300.00');
    await userEvent.click(alpha.getByRole('button', { name: /^10 local: stock by warehouse/ }));
    const breakdown = await screen.findByRole('table', { name: 'Stock by warehouse: Alpha Road One 265/65R17 112H' });
    expect(
      within(breakdown)
        .getAllByRole('rowheader')
        .map((cell) => cell.closest('tr')?.textContent),
    ).toEqual(['MELBOURNE10', 'SUPPLIER STOCK40']);
    await userEvent.keyboard('{Escape}');

    const bravo = within(results().getByRole('article', { name: 'Bravo Trail 265/65R17 116S XL' }));
    expect(bravo.getByRole('button', { name: /^On order/ })).toBeInTheDocument();
    expect(bravo.queryByRole('list', { name: 'Promotions' })).toBeNull();
    expect(alpha.getByRole('list', { name: 'Promotions' })).toHaveTextContent('$100 cashback on a set of 4');
  });

  it('flips the price shown with the counter switch, for this screen only', async () => {
    renderApp(t, '/tyres?size=265%2F65R17', dealer);
    await screen.findByRole('region', { name: 'Results' });
    const alpha = within(await results().findByRole('article', { name: 'Alpha Road One 265/65R17 112H' }));
    expect(alpha.getByTestId('product-price')).toHaveTextContent('$200.00');
    const counter = within(screen.getByRole('group', { name: 'Prices shown on this screen' }));
    await userEvent.click(counter.getByText('RRP'));
    expect(alpha.getByTestId('product-price')).toHaveTextContent('$300.00RRP ea excl. GST');
    await userEvent.click(counter.getByText('Hide'));
    expect(alpha.queryByTestId('product-price')).toBeNull();
    expect(alpha.getByText('Price hidden')).toBeInTheDocument();
  });

  it('shows visitors the same search with no price, stock or counter switch', async () => {
    renderApp(t, '/tyres?size=265%2F65R17');
    await waitFor(() =>
      expect(resultNames()).toEqual(['Alpha Road One 265/65R17 112H', 'Bravo Trail 265/65R17 116S XL']),
    );
    expect(results().queryByTestId('product-price')).toBeNull();
    expect(results().queryByRole('button', { name: /stock by warehouse/ })).toBeNull();
    expect(results().queryByRole('checkbox', { name: /^Email/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Prices shown on this screen' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Trade customers' })).toBeInTheDocument();
  });

  it('orders a signed-in search by availability: the tyre held in the state first, though another is cheaper', async () => {
    renderApp(t, '/tyres?size=265%2F65R17&sort=price-asc', dealer);
    await waitFor(() =>
      expect(resultNames()).toEqual(['Bravo Trail 265/65R17 116S XL', 'Alpha Road One 265/65R17 112H']),
    );
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'Available soonest');
    await waitFor(() =>
      expect(resultNames()).toEqual(['Alpha Road One 265/65R17 112H', 'Bravo Trail 265/65R17 116S XL']),
    );
    expect(new URLSearchParams(window.location.search).get('sort')).toBe('available-soonest');
  });

  it('offers visitors no availability order', async () => {
    renderApp(t, '/tyres?size=265%2F65R17');
    await waitFor(() => expect(resultNames()).toHaveLength(2));
    expect(within(screen.getByLabelText('Sort')).queryByRole('option', { name: 'Available soonest' })).toBeNull();
  });

  it("reads a customer's price order in a URL shared with a visitor as name order", async () => {
    renderApp(t, '/tyres?size=265%2F65R17&sort=price-desc');
    await waitFor(() =>
      expect(resultNames()).toEqual(['Alpha Road One 265/65R17 112H', 'Bravo Trail 265/65R17 116S XL']),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes a size typed as digits in a shared URL', async () => {
    renderApp(t, '/tyres?size=2656517');
    await waitFor(() =>
      expect(resultNames()).toEqual(['Alpha Road One 265/65R17 112H', 'Bravo Trail 265/65R17 116S XL']),
    );
  });

  it('finds the sizes of a vehicle; a staggered fitment searches front and rear together', async () => {
    renderApp(t, '/tyres', dealer);
    await userEvent.click(await screen.findByRole('tab', { name: 'By vehicle' }));
    await userEvent.selectOptions(screen.getByLabelText('Make'), await screen.findByRole('option', { name: 'Toyota' }));
    await userEvent.selectOptions(screen.getByLabelText('Model'), await screen.findByRole('option', { name: 'HiLux' }));
    await userEvent.selectOptions(
      screen.getByLabelText('Series'),
      await screen.findByRole('option', { name: /N80 SR5 4x4/ }),
    );
    expect(await screen.findByRole('button', { name: /^265\/65R17/, pressed: true })).toBeInTheDocument();
    await waitFor(() =>
      expect(resultNames()).toEqual(['Alpha Road One 265/65R17 112H', 'Bravo Trail 265/65R17 116S XL']),
    );

    await userEvent.selectOptions(screen.getByLabelText('Make'), screen.getByRole('option', { name: 'Ford' }));
    await userEvent.selectOptions(
      screen.getByLabelText('Model'),
      await screen.findByRole('option', { name: 'Mustang' }),
    );
    await userEvent.selectOptions(
      screen.getByLabelText('Series'),
      await screen.findByRole('option', { name: /S550 GT/ }),
    );
    expect(
      await screen.findByRole('button', { name: /Front 255\/40R19 · Rear 275\/40R19/, pressed: true }),
    ).toBeInTheDocument();
    expect(await results().findByRole('heading', { name: 'Front 255/40R19' })).toBeInTheDocument();
    expect(results().getByRole('heading', { name: 'Rear 275/40R19' })).toBeInTheDocument();
    expect(results().getByText('No tyres in 255/40R19')).toBeInTheDocument();
    expect(results().getByText('No tyres in 275/40R19')).toBeInTheDocument();
  });

  it('says so when a typed size cannot be read, and keeps what was typed', async () => {
    renderApp(t, '/tyres', dealer);
    const box = await screen.findByLabelText('Size or product search');
    await userEvent.type(box, '2656{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Type a size such as 265/65R17, 2656517 or 265 65 17.');
    expect(box).toHaveValue('2656');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('mails the picked products as a quote (select and email)', async () => {
    renderApp(t, '/tyres?size=265%2F65R17', dealer);
    await screen.findByRole('region', { name: 'Results' });
    await userEvent.click(await results().findByRole('checkbox', { name: 'Email Alpha Road One 265/65R17 112H' }));
    const tray = within(await screen.findByRole('region', { name: 'Products to email' }));
    expect(tray.getByText('1 product picked to email')).toBeInTheDocument();
    await userEvent.click(tray.getByRole('button', { name: 'Email quote…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Email these products' }));
    expect(dialog.getByRole('list', { name: 'Picked products' })).toHaveTextContent('Alpha Road One 265/65R17 112H');
    await userEvent.type(dialog.getByLabelText('Send to (email)'), 'walk-in@example.test');
    await userEvent.click(dialog.getByRole('button', { name: 'Send quote' }));
    expect(await dialog.findByText(/^Sent 1 product to walk-in@example.test \(quote QT-/)).toBeInTheDocument();
    const mail = readOutbox(dataDir).find((entry) => entry.to === 'walk-in@example.test');
    expect(mail?.body).toContain('$200.00 ea (Trade) = $800.00 excl. GST');
  });
});
