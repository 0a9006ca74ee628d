import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetails, OrderHistoryPage } from '../../src/contract/order-history';
import { users } from '../../src/server/db/schema';
import { bearer, createCustomer, createColleague, signIn } from '../support/fixtures';
import { createOrder } from '../support/order-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('Order/History and Order/Details say who of the account placed each order, and filter by it', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let ids: { anna: number; bruno: number; other: number };
  let orderIds: { byAnna: number; byBruno: number; byBrunoAgain: number };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const customer = await createCustomer(db);
    const bruno = (await createColleague(db, customer.account.id, 'buyer', { name: 'Bruno Buyer' })).user;
    const outsider = await createCustomer(db);
    await db.update(users).set({ name: 'Anna Front' }).where(eq(users.id, customer.user.id));
    ids = { anna: customer.user.id, bruno: bruno.id, other: outsider.user.id };
    const placed = (userId: number, day: string) =>
      createOrder(db, customer.account.id, { userId, status: 'Placed', placedAt: new Date(`${day}T01:00:00Z`) });
    orderIds = {
      byAnna: (await placed(ids.anna, '2026-11-01')).id,
      byBruno: (await placed(ids.bruno, '2026-11-02')).id,
      byBrunoAgain: (await placed(ids.bruno, '2026-11-03')).id,
    };
    await createOrder(db, outsider.account.id, { userId: ids.other, status: 'Placed' });
    headers = bearer(await signIn(t.app, customer.email));
  });
  afterAll(() => t.close());

  const get = async <T>(path: string) => {
    const response = await t.app.inject({ method: 'GET', url: api(path), headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it("answers each order's placer and the account's users to filter by", async () => {
    const page = await get<OrderHistoryPage>('Order/History');
    expect(page.orders.map((order) => [order.id, order.placedBy])).toEqual([
      [orderIds.byBrunoAgain, { id: ids.bruno, name: 'Bruno Buyer' }],
      [orderIds.byBruno, { id: ids.bruno, name: 'Bruno Buyer' }],
      [orderIds.byAnna, { id: ids.anna, name: 'Anna Front' }],
    ]);
    expect(page.users).toEqual([
      { id: ids.anna, name: 'Anna Front' },
      { id: ids.bruno, name: 'Bruno Buyer' },
    ]);
  });

  it('placedBy keeps the orders of that user only', async () => {
    const bruno = await get<OrderHistoryPage>(`Order/History?placedBy=${ids.bruno}`);
    expect(bruno.orders.map((order) => order.id)).toEqual([orderIds.byBrunoAgain, orderIds.byBruno]);
    expect(bruno.totalCount).toBe(2);
    const anna = await get<OrderHistoryPage>(`Order/History?placedBy=${ids.anna}`);
    expect(anna.orders.map((order) => order.id)).toEqual([orderIds.byAnna]);
    const everyone = await get<OrderHistoryPage>('Order/History?placedBy=');
    expect(everyone.totalCount).toBe(3);
  });

  it("a user of another account finds none of this account's orders, and none of their own shows", async () => {
    const page = await get<OrderHistoryPage>(`Order/History?placedBy=${ids.other}`);
    expect(page.orders).toEqual([]);
    expect(page.totalCount).toBe(0);
  });

  it('a placedBy that is not an id is refused, naming the field', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('Order/History?placedBy=abc'), headers });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ validationErrors: { name: string }[] }>().validationErrors.map((e) => e.name)).toEqual([
      'placedBy',
    ]);
  });

  it('Order/Details names the placer', async () => {
    const details = await get<OrderDetails>(`Order/Details?id=${orderIds.byBruno}`);
    expect(details.placedBy).toEqual({ id: ids.bruno, name: 'Bruno Buyer' });
  });
});
