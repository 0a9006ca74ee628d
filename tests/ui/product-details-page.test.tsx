import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { createCustomer, signIn } from '../support/fixtures';
import { sentMail } from '../support/outbox';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

let t: TestApp;
let dataDir: string;
let dealer: AuthResult;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-details-page-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, SHOP_MAIL_TO: 'desk@yhi.test' } });
  await createCatalogueFixture(t.database.db, t.clock.now);
  await t.app.catalogue.reload();
  dealer = await signIn(t.app, (await createCustomer(t.database.db, { state: 'VIC' })).email);
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('product pages', () => {
  it("show a dealer the tyre's price and its stock per warehouse", async () => {
    renderApp(t, '/tyres/t1', dealer);
    expect(await screen.findByRole('heading', { level: 2, name: 'Alpha Road One 265/65R17 112H' })).toBeInTheDocument();
    const stock = await screen.findByRole('table', { name: 'Stock by warehouse' });
    expect(
      within(stock)
        .getAllByRole('rowheader')
        .map((cell) => cell.closest('tr')?.textContent),
    ).toEqual(['MELBOURNE10', 'SUPPLIER STOCK40']);
    expect(screen.getByRole('region', { name: 'Price and stock' })).toHaveTextContent('$200.00');
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Tyres', 'Tyre details']);
  });

  it('let a visitor ask about a product (captcha) without seeing price or stock', async () => {
    renderApp(t, '/wheels/w1');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Delta Six 17x8.5 6x139.7 +10 Gloss Black' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Stock by warehouse' })).toBeNull();
    expect(screen.getByText('to see your price and stock.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ask about this product' }));
    const form = within(screen.getByRole('form', { name: 'Enquire about Delta Six 17x8.5 6x139.7 +10 Gloss Black' }));
    await userEvent.click(form.getByRole('button', { name: 'Send enquiry' }));
    expect(form.getByLabelText(/Your question/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(form.getByLabelText(/Your name/), 'Jo Walk-in');
    await userEvent.type(form.getByLabelText(/Email/), 'jo@example.test');
    await userEvent.type(form.getByLabelText(/Quantity/), '4');
    await userEvent.type(form.getByLabelText(/Your question/), 'Will these fit a 2019 HiLux?');
    await userEvent.click(form.getByRole('button', { name: 'Send enquiry' }));
    const reference = await screen.findByTestId('form-reference');
    expect(reference.textContent).toMatch(/^PE-/);
    const desk = (await sentMail(t.app, dataDir)).find(
      (mail) => mail.to === 'desk@yhi.test' && mail.subject.includes(reference.textContent ?? '-'),
    );
    expect(desk?.body).toContain('Will these fit a 2019 HiLux?');
    expect(desk?.body).toContain('Quantity: 4');
  });

  it('label the accessories pages Accessories & Equipment and say when an item does not exist', async () => {
    renderApp(t, '/merchandise/no-such-item', dealer);
    expect(await screen.findByText('This item is not in the catalogue.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Accessories & Equipment');
  });
});
