import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartState } from '../../src/contract/cart';
import type { QuickAddResponse } from '../../src/contract/quick-order';
import { cartItemAccessories, cartItems, carts, orders } from '../../src/server/db/schema';
import { type checkoutCalls, createCheckoutFixture, signedInDealer } from '../support/checkout-fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

const T5 = (active: boolean) =>
  [
    'sku,name,brand,trade,rrp,active,pattern,size,load_rating,speed_rating,category,season',
    `T5,Charlie Eco 205/55R16 91V,Charlie,100,150,${active},Eco,205/55R16,91,V,Passenger,All Season`,
  ].join('\n');

const GONE = 'Charlie Eco 205/55R16 91V (T5) is no longer available.';

/** A product imported with active false: out of search, quick order and ordering; its cart lines say so. */
describe('retiring a product', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let dealer: ReturnType<typeof checkoutCalls>;
  let accountId: number;
  let userId: number;
  let importFile: FileImporter;

  const setActive = async (active: boolean) => {
    const { job } = await importFile('tyres', T5(active));
    expect(job.counts).toMatchObject({ read: 1, failed: 0 });
    // The import announces the change to every instance; this one need not wait for the notification.
    await t.app.catalogue.reload();
  };
  const cart = async () => (await dealer.get('Cart/Get')).json() as CartState;
  const searchT5 = async () =>
    ((await dealer.post('Tyre/Search', { search: 'T5' })).json() as { items: { sku: string }[] }).items.map(
      (item) => item.sku,
    );
  const quickAddT5 = async () =>
    ((await dealer.post('Cart/QuickAdd', { lines: [{ query: 'T5', quantity: 1 }] })).json() as QuickAddResponse)
      .lines[0]?.status;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCheckoutFixture(t.database.db, NOW);
    const { customer, calls } = await signedInDealer(t.app, t.database.db, { termsDays: 30 });
    accountId = customer.account.id;
    userId = customer.user.id;
    dealer = calls;
    importFile = await createFileImporter(t, NOW);
    await t.app.catalogue.reload();
  });
  afterAll(async () => {
    await importFile.dispose();
    await t.close();
  });
  beforeEach(async () => {
    await setActive(true);
    expect((await dealer.post('Cart/Clear')).statusCode).toBe(200);
  });

  it('is gone from search, quick order and its page, and comes back when made active again', async () => {
    expect(await searchT5()).toEqual(['T5']);
    await setActive(false);
    expect(await searchT5()).toEqual([]);
    expect(await quickAddT5()).toBe('NotFound');
    expect((await dealer.get('TyrePublic/Details?slug=t5')).statusCode).toBe(404);
    await setActive(true);
    expect(await searchT5()).toEqual(['T5']);
    expect(await quickAddT5()).toBe('Added');
    expect((await dealer.get('TyrePublic/Details?slug=t5')).statusCode).toBe(200);
  });

  it('cannot be added: Cart/Add names it', async () => {
    await setActive(false);
    const refused = await dealer.post('Cart/Add', { productId: fixture.tyres.t5, quantity: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: GONE });
    expect((await cart()).items).toEqual([]);
  });

  it('a cart line of it says no longer available, is in no total, cannot change quantity, and can be removed', async () => {
    expect((await dealer.post('Cart/Add', { productId: fixture.tyres.t5, quantity: 2 })).statusCode).toBe(200);
    expect((await dealer.post('Cart/Add', { productId: fixture.tyres.t1, quantity: 1 })).statusCode).toBe(200);
    await setActive(false);
    const held = await cart();
    expect(held.unavailableItems).toEqual([
      {
        id: expect.any(Number),
        productId: fixture.tyres.t5,
        productName: 'Charlie Eco 205/55R16 91V',
        sku: 'T5',
        quantity: 2,
        reason: 'No longer available.',
      },
    ]);
    expect(held.items.map((item) => item.sku)).toEqual(['T1']);
    expect(held.subTotalValue).toBe(20_000);
    expect(held.totalProducts).toBe(3);
    const line = held.unavailableItems[0]?.id as number;
    const update = await dealer.post('Cart/Update', { id: line, quantity: 3 });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({ detail: GONE });
    const removed = (await dealer.post('Cart/Remove', { id: line })).json() as CartState;
    expect(removed.unavailableItems).toEqual([]);
    expect(removed.items.map((item) => item.sku)).toEqual(['T1']);
  });

  it('cannot be ordered: Checkout/Complete names it and places nothing until the line is removed', async () => {
    expect((await dealer.post('Cart/Add', { productId: fixture.tyres.t5, quantity: 2 })).statusCode).toBe(200);
    expect((await dealer.post('Cart/Add', { productId: fixture.tyres.t1, quantity: 1 })).statusCode).toBe(200);
    await setActive(false);
    const refused = await dealer.complete({ paymentMethod: 'Payments.TradingAccount' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      detail: `${GONE} Remove it from your cart to place the order.`,
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.accountId, accountId))).toEqual([]);
    const line = (await cart()).unavailableItems[0]?.id as number;
    expect((await dealer.post('Cart/Remove', { id: line })).statusCode).toBe(200);
    const placed = await dealer.completed({ paymentMethod: 'Payments.TradingAccount' });
    expect(placed.orderId).toEqual(expect.any(Number));
  });

  it('a wheel line whose chosen accessory is retired loses it and needs its accessories chosen again', async () => {
    const db = t.database.db;
    await db.insert(carts).values({ userId }).onConflictDoNothing();
    const [line] = await db
      .insert(cartItems)
      .values({
        userId,
        productId: fixture.wheels.w1,
        quantity: 4,
        vehicleId: fixture.vehicles.hilux,
        accessoryStatus: 'Complete',
        createdAt: NOW,
      })
      .returning();
    if (!line) throw new Error('cart line not created');
    await db
      .insert(cartItemAccessories)
      .values({ cartItemId: line.id, productId: fixture.merchandise.m1, groupId: 'fasteners' });
    const { job } = await importFile(
      'accessories',
      [
        'sku,name,brand,trade,rrp,active,category,thread,seat',
        'M1,Gorilla Conical Nut M12x1.5,Gorilla,2,3,false,wheel-nuts,M12x1.5,Conical',
      ].join('\n'),
    );
    expect(job.counts).toMatchObject({ updated: 1, failed: 0 });
    await t.app.catalogue.reload();
    const wheel = (await cart()).items.find((item) => item.sku === 'W1');
    expect(wheel).toMatchObject({ accessoryStatus: 'ActionRequired', accessoryInfo: { accessories: [] } });
    expect(await db.select().from(cartItemAccessories).where(eq(cartItemAccessories.cartItemId, line.id))).toEqual([]);
  });
});
