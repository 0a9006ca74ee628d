import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { users } from '../../src/server/db/schema';
import { createCustomer, createColleague, signIn } from '../support/fixtures';
import { createOrder } from '../support/order-fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

let t: TestApp;
let session: AuthResult;
let orderIds: { byAnna: number; byBruno: number };
let brunoId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const customer = await createCustomer(db);
  await db.update(users).set({ name: 'Anna Front' }).where(eq(users.id, customer.user.id));
  const bruno = (await createColleague(db, customer.account.id, 'buyer', { name: 'Bruno Buyer' })).user;
  brunoId = bruno.id;
  const placed = (userId: number, day: string) =>
    createOrder(db, customer.account.id, { userId, status: 'Placed', placedAt: new Date(`${day}T01:00:00Z`) });
  orderIds = {
    byAnna: (await placed(customer.user.id, '2026-11-01')).id,
    byBruno: (await placed(bruno.id, '2026-11-02')).id,
  };
  session = await signIn(t.app, customer.email);
}, 60_000);
afterAll(() => t.close());

const bodyRows = async () =>
  within(await screen.findByRole('table', { name: /Orders, page 1 of 1/ }))
    .getAllByRole('row')
    .slice(1);

describe("the orders page's 'Placed by'", () => {
  it('shows who placed each order, and the filter lists the account’s users and keeps only the chosen one’s orders', async () => {
    const user = userEvent.setup();
    renderApp(t, '/my-account/orders', session);
    await waitFor(async () => expect(await bodyRows()).toHaveLength(2));
    const [newest, oldest] = await bodyRows();
    expect(within(newest as HTMLElement).getByText('Bruno Buyer')).toBeInTheDocument();
    expect(within(oldest as HTMLElement).getByText('Anna Front')).toBeInTheDocument();

    const form = () => within(screen.getByRole('search', { name: 'Search your orders' }));
    const select = await form().findByRole('combobox', { name: 'Placed by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Anyone', 'Anna Front', 'Bruno Buyer']);
    await user.selectOptions(select, 'Bruno Buyer');
    await user.click(form().getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('placedBy')).toBe(String(brunoId)));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(1));
    expect(screen.getByRole('link', { name: `Order ${orderIds.byBruno}` })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: `Order ${orderIds.byAnna}` })).not.toBeInTheDocument();
    expect(form().getByRole('combobox', { name: 'Placed by' })).toHaveValue(String(brunoId));
  });
});
