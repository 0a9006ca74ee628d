import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleMakes, vehicles } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * A wheel search by vehicle lists only wheels the accessories step can complete for it: the hub's own bore, or a
 * larger one with hub rings for the pair in the catalogue; never a smaller bore. The fixture's wheels are W1 and W3
 * (106.1 mm) and W2 (73.1 mm); its only hub ring takes 106.1 mm to 93.1 mm.
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

  it('lists wheels of the hub bore, and larger ones only with a hub ring for the pair', async () => {
    expect(await skus('WheelPublic/Search', { vehicleId: fixture.vehicles.hilux })).toEqual(['W1', 'W3']);
    expect(await skus('WheelPublic/Search', { vehicleId: ranger })).toEqual(['W1', 'W3']);
    // 73.1 and 106.1 mm wheels on a 70.5 mm hub: no ring takes either down to it.
    expect(await skus('WheelPublic/Search', { vehicleId: fixture.vehicles.mustang })).toEqual([]);
    expect(await skus('WheelPublic/Search', {})).toEqual(['W1', 'W2', 'W3']);
  });

  it('answers customers the same, and narrows the PCDs offered alike', async () => {
    expect(await skus('Wheel/Search', { vehicleId: ranger }, headers)).toEqual(['W1', 'W3']);
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
