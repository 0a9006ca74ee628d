import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartAccessories, CartState } from '../../src/contract/cart';
import { productStock, vehicleMakes, vehicles } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * A wheel search by vehicle lists only wheels the cart's vehicle check accepts and the accessories step can complete:
 * drilled for it, inside its diameter, width and offset ranges, with the hub's own bore, or a larger one when the own
 * warehouses hold hub rings for the pair for a set of four wheels; never a smaller bore. The fixture's wheels are W1
 * (offset 10) and W3 (offset -12), both 6x139.7 and 106.1 mm, and W2 (73.1 mm); its only hub ring, M3, takes 106.1 mm
 * to 93.1 mm and starts with no stock. The Ranger here takes offsets 0 to 40, so W3 never goes on it.
 */
describe('wheel search by vehicle', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;
  let ranger: number;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCatalogueFixture(t.database.db, NOW);
    const [ford] = await t.database.db.insert(vehicleMakes).values({ name: 'Ford Trucks' }).returning();
    const [row] = await t.database.db
      .insert(vehicles)
      .values({
        makeId: ford?.id ?? 0,
        model: 'Ranger',
        series: 'PX3 XLT',
        yearFrom: 2018,
        yearTo: 2022,
        pcd: '6x139.7',
        centreBore: 93.1,
        thread: 'M12x1.5',
        fastener: 'Nut',
        offsetMin: 0,
        offsetMax: 40,
        diameterMin: 16,
        diameterMax: 20,
        widthMin: 7,
        widthMax: 9,
        hasTpms: false,
      })
      .returning();
    ranger = row?.id ?? 0;
    await t.app.catalogue.reload();
    headers = bearer(await signIn(t.app, (await createCustomer(t.database.db)).email));
  });
  afterAll(() => t.close());

  const skus = async (path: string, body: object, as: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'POST', url: api(path), payload: body, headers: as });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: { sku: string }[] }).items.map((item) => item.sku).sort();
  };

  /** Sets the hub ring's stock in one warehouse (none elsewhere) and lets the catalogue see it. */
  const ringStock = async (warehouse: string, quantity: number) => {
    const db = t.database.db;
    await db.delete(productStock).where(eq(productStock.productId, fixture.merchandise.m3));
    await db
      .insert(productStock)
      .values({ productId: fixture.merchandise.m3, warehouseId: fixture.warehouses[warehouse] as number, quantity });
    await t.app.catalogue.reload();
  };

  it('lists wheels that fit, of the hub bore or larger only while the own warehouses hold rings for a set', async () => {
    expect(await skus('WheelPublic/Search', { vehicleId: fixture.vehicles.hilux })).toEqual(['W1', 'W3']);
    // A ring in the catalogue that nobody holds fits nothing yet.
    expect(await skus('WheelPublic/Search', { vehicleId: ranger })).toEqual([]);
    await ringStock('SUPPLIER STOCK', 50);
    expect(await skus('WheelPublic/Search', { vehicleId: ranger })).toEqual([]);
    await ringStock('MELBOURNE', 3);
    expect(await skus('WheelPublic/Search', { vehicleId: ranger })).toEqual([]);
    await ringStock('MELBOURNE', 4);
    expect(await skus('WheelPublic/Search', { vehicleId: ranger })).toEqual(['W1']);
    // 73.1 and 106.1 mm wheels on a 70.5 mm hub: no ring takes either down to it.
    expect(await skus('WheelPublic/Search', { vehicleId: fixture.vehicles.mustang })).toEqual([]);
    expect(await skus('WheelPublic/Search', {})).toEqual(['W1', 'W2', 'W3']);
  });

  it('agrees with the vehicle check and the accessories step: what it lists can be completed, what it leaves out cannot', async () => {
    const post = (path: string, payload: object) => t.app.inject({ method: 'POST', url: api(path), payload, headers });
    const ringsOffered = async () => {
      await post('Cart/Clear', {});
      const added = await post('Cart/Add', { productId: fixture.wheels.w1, quantity: 4 });
      const id = (added.json() as CartState).items.at(-1)?.id as number;
      const fitted = await post('Cart/Vehicle', { id, vehicleId: ranger, action: 'CheckAndAdd' });
      expect(fitted.statusCode, fitted.body).toBe(200);
      const answer = await t.app.inject({ method: 'GET', url: api(`Cart/Accessories?id=${id}`), headers });
      const rings = (answer.json() as CartAccessories).groups.find((group) => group.groupId === 'hub-rings');
      return { skus: rings?.accessories.map((ring) => ring.sku), reason: rings?.unavailableReason };
    };
    await ringStock('MELBOURNE', 4);
    expect(await skus('Wheel/Search', { vehicleId: ranger }, headers)).toEqual(['W1']);
    expect(await ringsOffered()).toEqual({ skus: ['M3'], reason: null });
    // The wheel left out for its offset is the one the vehicle check refuses.
    const added = await post('Cart/Add', { productId: fixture.wheels.w3, quantity: 4 });
    const id = (added.json() as CartState).items.at(-1)?.id as number;
    const check = await post('Cart/Vehicle', { id, vehicleId: ranger, action: 'CheckAndAdd' });
    expect(check.json()).toMatchObject({ result: 'Incompatible' });
    await ringStock('MELBOURNE', 3);
    expect(await skus('Wheel/Search', { vehicleId: ranger }, headers)).not.toContain('W1');
    expect(await ringsOffered()).toEqual({
      skus: [],
      reason:
        'Hub Rings (106.1 mm wheel bore to 93.1 mm hub) are required for this wheel and none are in stock right now. Choose again once they are, or contact us.',
    });
  });

  it('answers customers the same, and narrows the PCDs offered alike', async () => {
    await ringStock('MELBOURNE', 4);
    expect(await skus('Wheel/Search', { vehicleId: ranger }, headers)).toEqual(['W1']);
    const pcds = await t.app.inject({
      method: 'POST',
      url: api('WheelPublic/Pcds'),
      payload: { vehicleId: fixture.vehicles.mustang },
    });
    expect(pcds.statusCode, pcds.body).toBe(200);
    expect(pcds.json()).toEqual([]);
  });

  it('refuses a vehicle that does not exist, naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('WheelPublic/Search'),
      payload: { vehicleId: 999_999 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      detail: 'No vehicle has that id.',
      validationErrors: [{ name: 'vehicleId', reason: 'No vehicle has that id.' }],
    });
  });
});
