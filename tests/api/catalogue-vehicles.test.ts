import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('vehicles: makes, models with series, tyre sizes and wheel fitment', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCatalogueFixture(t.database.db, NOW);
  });
  afterAll(() => t.close());

  const get = (path: string) => t.app.inject({ method: 'GET', url: api(path) });

  it('lists makes alphabetically as key and label', async () => {
    const response = await get('Vehicle/Makes');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { key: fixture.makes.ford, label: 'Ford' },
      { key: fixture.makes.toyota, label: 'Toyota' },
    ]);
  });

  it('lists the models of a make, each with its series keyed by vehicle id', async () => {
    expect((await get(`Vehicle/Models?makeId=${fixture.makes.toyota}`)).json()).toEqual([
      {
        key: 'HiLux',
        label: 'HiLux',
        series: [{ key: fixture.vehicles.hilux, label: 'N80 SR5 4x4', years: '2015-on' }],
      },
    ]);
    expect((await get('Vehicle/Models?makeId=999999')).json()).toEqual([]);
  });

  it('answers the tyre sizes of a vehicle, original first, staggered rears included', async () => {
    const hilux = (await get(`Vehicle/TyreDefinitions?vehicleId=${fixture.vehicles.hilux}`)).json();
    expect(hilux).toEqual({
      vehicle: {
        id: fixture.vehicles.hilux,
        makeId: fixture.makes.toyota,
        makeName: 'Toyota',
        model: 'HiLux',
        series: 'N80 SR5 4x4',
      },
      definitions: [
        { front: { width: 265, profile: 65, diameter: 17, display: '265/65R17' }, rear: null, isOriginal: true },
        { front: { width: 265, profile: 60, diameter: 18, display: '265/60R18' }, rear: null, isOriginal: false },
      ],
    });
    const mustang = (await get(`Vehicle/TyreDefinitions?vehicleId=${fixture.vehicles.mustang}`)).json();
    expect(mustang.definitions[0].rear).toEqual({ width: 275, profile: 40, diameter: 19, display: '275/40R19' });
  });

  it('answers the wheel fitment the cart checks against', async () => {
    expect((await get(`Vehicle/WheelDefinitions?vehicleId=${fixture.vehicles.hilux}`)).json()).toMatchObject({
      pcd: '6x139.7',
      centreBore: 106.1,
      thread: 'M12x1.5',
      fastener: 'Nut',
      offsetMin: -25,
      offsetMax: 30,
      diameters: [16, 17, 18, 19, 20],
      widthMin: 7,
      widthMax: 9,
      hasTpms: false,
    });
  });

  it('bad ids answer 400, unknown vehicles 404', async () => {
    expect((await get('Vehicle/Models')).statusCode).toBe(400);
    expect((await get('Vehicle/Models?makeId=abc')).statusCode).toBe(400);
    expect((await get('Vehicle/TyreDefinitions?vehicleId=-1')).statusCode).toBe(400);
    expect((await get('Vehicle/WheelDefinitions?vehicleId=1.5')).statusCode).toBe(400);
    expect((await get('Vehicle/WheelDefinitions?vehicleId=999999')).statusCode).toBe(404);
  });
});
