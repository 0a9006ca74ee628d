import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import type { CartAccessories, CartState, VehicleCheckResult } from '../../src/contract/cart';
import { DEMO_PASSWORD } from '../../src/domain/demo-logins';
import {
  merchandise,
  merchandiseCategories,
  products,
  tyres,
  vehicleMakes,
  vehicles,
  wheels,
} from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * The demo catalogue at its default size, as a buyer meets it: accessory packs priced like real
 * packs, no product twice under one name at two prices, a picture of its own per tyre pattern and wheel design,
 * and a wheel-accessories step that offers as many nuts as the wheels take, best fit first, told apart in words.
 */
describe('the demo catalogue a buyer would believe', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await seedDemoData(t.database.db, { now: NOW });
    await t.app.catalogue.reload();
  }, 120_000);
  afterAll(() => t.close());

  const db = () => t.database.db;

  async function accessories() {
    return db()
      .select({
        name: products.name,
        tradeCents: products.tradeCents,
        rrpCents: products.rrpCents,
        specs: merchandise.specs,
        subcategory: merchandiseCategories.slug,
      })
      .from(products)
      .innerJoin(merchandise, eq(merchandise.productId, products.id))
      .innerJoin(merchandiseCategories, eq(merchandiseCategories.id, merchandise.categoryId));
  }

  it('prices accessory packs like real packs: a lock set is tens of dollars, nuts a few dollars each', async () => {
    const items = await accessories();
    const locks = items.filter((item) => item.subcategory === 'wheel-locks');
    expect(locks.length).toBeGreaterThan(0);
    for (const lock of locks) expect(lock.tradeCents, lock.name).toBeLessThanOrEqual(15_000);
    for (const nut of items.filter((item) => item.subcategory === 'wheel-nuts' || item.subcategory === 'wheel-bolts')) {
      const pieces = Number(nut.specs.packOf ?? 1);
      expect(nut.tradeCents / pieces, nut.name).toBeGreaterThanOrEqual(100);
      expect(nut.tradeCents / pieces, nut.name).toBeLessThanOrEqual(500);
    }
    // A pack never costs more per piece than the same brand's item sold singly.
    const single = new Map(
      items.filter((item) => item.specs.packOf === undefined).map((item) => [item.name, item.rrpCents]),
    );
    const packs = items.filter(
      (item) => item.specs.packOf !== undefined && single.has(item.name.replace(/ \([^)]*\)$/, '')),
    );
    expect(packs.length).toBeGreaterThan(10);
    for (const pack of packs)
      expect(pack.rrpCents / Number(pack.specs.packOf), pack.name).toBeLessThan(
        single.get(pack.name.replace(/ \([^)]*\)$/, '')) ?? 0,
      );
  });

  it('has no two products under one name, so none at two prices', async () => {
    const rows = await db()
      .select({ name: products.name, rrp: products.rrpCents, trade: products.tradeCents })
      .from(products);
    expect(rows).toHaveLength(3_000);
    const prices = new Map<string, Set<string>>();
    for (const row of rows) prices.set(row.name, (prices.get(row.name) ?? new Set()).add(`${row.rrp}/${row.trade}`));
    expect([...prices].filter(([, set]) => set.size > 1)).toEqual([]);
    expect(prices.size).toBe(rows.length);
  });

  it('gives every tyre pattern and every wheel design a picture of its own', async () => {
    const tyreRows = await db()
      .select({ brand: products.brand, pattern: tyres.pattern, imageUrl: products.imageUrl })
      .from(tyres)
      .innerJoin(products, eq(products.id, tyres.productId));
    const byPattern = new Map<string, Set<string>>();
    for (const row of tyreRows)
      byPattern.set(
        `${row.brand} ${row.pattern}`,
        (byPattern.get(`${row.brand} ${row.pattern}`) ?? new Set()).add(row.imageUrl ?? ''),
      );
    for (const [pattern, urls] of byPattern) expect(urls.size, pattern).toBe(1);
    const patternUrls = [...byPattern.values()].map((urls) => [...urls][0]);
    expect(new Set(patternUrls).size).toBe(byPattern.size);

    const wheelRows = await db()
      .select({ brand: products.brand, design: wheels.design, colour: wheels.colour, imageUrl: products.imageUrl })
      .from(wheels)
      .innerJoin(products, eq(products.id, wheels.productId));
    const designOfUrl = new Map<string, string>();
    for (const row of wheelRows) {
      const design = `${row.brand} ${row.design}`;
      expect(designOfUrl.get(row.imageUrl ?? '') ?? design, row.imageUrl ?? '').toBe(design);
      designOfUrl.set(row.imageUrl ?? '', design);
    }
    expect(new Set(designOfUrl.values()).size).toBe(new Set(wheelRows.map((row) => `${row.brand} ${row.design}`)).size);
  });

  /** The raw pixels of a drawn picture, or of a part of it. */
  async function pixels(url: string, region?: { left: number; top: number; width: number; height: number }) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    const image = sharp(response.rawPayload);
    return { png: response.rawPayload, raw: await (region ? image.extract(region) : image).raw().toBuffer() };
  }

  it('draws different patterns differently, tread and all, and different designs of one spoke count and colour differently', async () => {
    const passenger = await db()
      .selectDistinct({ imageUrl: products.imageUrl })
      .from(tyres)
      .innerJoin(products, eq(products.id, tyres.productId))
      .where(eq(tyres.category, 'Passenger'));
    const urls = passenger.map((row) => row.imageUrl ?? '').sort();
    expect(urls.length).toBeGreaterThan(5);
    const tread = { left: 560, top: 100, width: 200, height: 600 };
    const first = await pixels(urls[0] as string, tread);
    const treads = await Promise.all(urls.slice(1).map((url) => pixels(url, tread)));
    // Not only the lettering: the tread band beside the sidewall differs from most other patterns'.
    expect(treads.filter((other) => !other.raw.equals(first.raw)).length).toBeGreaterThan(treads.length / 2);
    const [one, two] = await Promise.all(urls.slice(0, 2).map((url) => pixels(url)));
    expect(one?.png.equals(two?.png as Buffer)).toBe(false);

    const wheelUrls = await db()
      .selectDistinct({ imageUrl: products.imageUrl, spokes: wheels.spokes })
      .from(wheels)
      .innerJoin(products, eq(products.id, wheels.productId));
    const sixSpokeBronze = wheelUrls
      .filter((row) => row.spokes === 6 && row.imageUrl?.includes('/bronze/'))
      .map((row) => row.imageUrl ?? '');
    expect(sixSpokeBronze.length).toBeGreaterThan(2);
    const faces = await Promise.all(sixSpokeBronze.map((url) => pixels(url)));
    expect(new Set(faces.map((face) => face.raw.toString('base64'))).size).toBeGreaterThan(faces.length / 2);
  });

  it('offers a 4-wheel line on a 5-stud vehicle 20 nuts, best fit then cheapest, options told apart in words', async () => {
    const login = (
      await t.app.inject({
        method: 'POST',
        url: api('Authenticate/Login'),
        payload: { email: 'dealer@demo.test', password: DEMO_PASSWORD },
      })
    ).json() as AuthResult;
    const headers = { authorization: `Bearer ${login.token}` };
    const post = async <T>(path: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url: api(path), headers, payload });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      return response.json() as T;
    };
    const [rav4] = await db()
      .select({ id: vehicles.id, pcd: vehicles.pcd })
      .from(vehicles)
      .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicles.makeId))
      .where(eq(vehicles.series, 'XA50 GX'));
    expect(rav4?.pcd).toBe('5x114.3');
    // A street wheel drilled 5x114.3 with a size, width and offset the RAV4 takes.
    const candidates = await db()
      .select({
        productId: wheels.productId,
        pcds: wheels.pcds,
        size: wheels.size,
        width: wheels.width,
        offset: wheels.offset,
        seat: wheels.seat,
      })
      .from(wheels);
    const wheel = candidates.find(
      (w) =>
        w.pcds.includes('5x114.3') &&
        w.seat === 'Conical' &&
        w.size >= 17 &&
        w.size <= 19 &&
        w.width >= 7 &&
        w.width <= 8 &&
        w.offset >= 35 &&
        w.offset <= 45,
    );
    if (!wheel || !rav4) throw new Error('no wheel in the demo catalogue fits a RAV4');
    await post('Cart/Clear', {});
    const cart = await post<CartState>('Cart/Add', { productId: wheel.productId, quantity: 4 });
    const line = cart.items.find((item) => item.productId === wheel.productId);
    if (!line) throw new Error('wheel line missing');
    expect(
      (await post<VehicleCheckResult>('Cart/Vehicle', { id: line.id, vehicleId: rav4.id, action: 'CheckAndAdd' }))
        .result,
    ).toBe('Complete');
    const { groups } = (
      await t.app.inject({ method: 'GET', url: api(`Cart/Accessories?id=${line.id}`), headers })
    ).json() as CartAccessories;

    const packOf = new Map(
      (await db().select({ id: merchandise.productId, specs: merchandise.specs }).from(merchandise)).map((row) => [
        row.id,
        Number(row.specs.packOf ?? 1),
      ]),
    );
    const nuts = groups.find((group) => group.groupId === 'fasteners');
    expect(nuts?.accessories.length).toBeGreaterThan(1);
    for (const option of nuts?.accessories ?? []) {
      expect(option.quantity * (packOf.get(option.id) ?? 1), option.name).toBe(20);
      expect(option.description, option.name).toMatch(/20 nuts for 4 wheels of 5 studs$/);
    }
    const needed: Record<string, number> = { fasteners: 20, locks: 1, 'hub-rings': 4, tpms: 4, valves: 4 };
    for (const group of groups) {
      const order = group.accessories.map(
        (option) =>
          [
            option.quantity * (packOf.get(option.id) ?? 1) - (needed[group.groupId] ?? 0),
            option.subTotalValue,
          ] as const,
      );
      const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      expect(order, group.name).toEqual(sorted);
      // Options of one item (its name without the pack) say in words how they differ.
      const byItem = new Map<string, string[]>();
      for (const option of group.accessories) {
        const item = option.name.replace(/ \([^)]*\)$/, '');
        byItem.set(item, [...(byItem.get(item) ?? []), option.description]);
      }
      for (const [item, descriptions] of byItem) expect(new Set(descriptions).size, item).toBe(descriptions.length);
    }
    expect(nuts?.accessories.map((option) => option.description)).toContainEqual(
      expect.stringMatching(/^Pack of 20, (chrome|black), M12x1\.5 thread, conical seat: 1 pack, 20 nuts/),
    );
  });
});
