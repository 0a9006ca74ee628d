import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartAccessories, CartState, CartVehicle, VehicleCheckResult } from '../../src/contract/cart';
import { createCartFixture } from '../support/cart-fixtures';
import { signedInCustomer } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('wheel fitment and accessories: vehicle check, ForceAdd, accessory groups, opt-out, skip', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCartFixture>>;
  let dealer: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCartFixture(t.database.db, NOW);
    dealer = await signedInCustomer(t.app, t.database.db, { state: 'VIC' });
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  const post = (path: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: api(path), headers: dealer, ...(payload ? { payload } : {}) });
  const ok = async <T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as T;
  };
  const get = (path: string) => t.app.inject({ method: 'GET', url: api(path), headers: dealer });
  const addWheel = async (productId: number, quantity = 4) => {
    const cart = await ok<CartState>(post('Cart/Add', { productId, quantity }));
    return cart.items.at(-1)?.id as number;
  };

  it('CheckAndAdd with a fitting vehicle saves it and answers Complete; the line still needs its accessories', async () => {
    const id = await addWheel(fixture.wheels.w1);
    const check = await ok<VehicleCheckResult>(
      post('Cart/Vehicle', { id, vehicleId: fixture.vehicles.hilux, action: 'CheckAndAdd' }),
    );
    expect(check.result).toBe('Complete');
    const line = check.cart.items.find((item) => item.id === id);
    expect(line).toMatchObject({
      accessoryStatus: 'ActionRequired',
      accessoryInfo: {
        vehicleId: fixture.vehicles.hilux,
        vehicleMake: 'Toyota',
        vehicleModel: 'HiLux',
        vehicleSeries: 'N80 SR5 4x4',
      },
    });
    expect(await ok<CartVehicle>(get(`Cart/Vehicle?id=${id}`))).toEqual({
      id,
      accessoryStatus: 'ActionRequired',
      vehicle: {
        id: fixture.vehicles.hilux,
        makeId: fixture.makes.toyota,
        makeName: 'Toyota',
        model: 'HiLux',
        series: 'N80 SR5 4x4',
      },
    });
  });

  it('CheckAndAdd with a vehicle the wheel does not fit answers Incompatible and saves nothing', async () => {
    const id = await addWheel(fixture.wheels.w2);
    const check = await ok<VehicleCheckResult>(
      post('Cart/Vehicle', { id, vehicleId: fixture.vehicles.mustang, action: 'CheckAndAdd' }),
    );
    expect(check.result).toBe('Incompatible');
    expect(check.cart.items.find((item) => item.id === id)).toMatchObject({
      accessoryStatus: 'ActionRequired',
      accessoryInfo: { vehicleId: null },
    });
    expect((await ok<CartVehicle>(get(`Cart/Vehicle?id=${id}`))).vehicle).toBeNull();
  });

  it('ForceAdd saves an unfitting vehicle, marks the line CompleteInvalidVehicle and answers CompleteIncompatible', async () => {
    const id = (await ok<CartState>(get('Cart/Get'))).items.find((item) => item.productId === fixture.wheels.w2)
      ?.id as number;
    const forced = await ok<VehicleCheckResult>(
      post('Cart/Vehicle', { id, vehicleId: fixture.vehicles.mustang, action: 'ForceAdd' }),
    );
    expect(forced.result).toBe('CompleteIncompatible');
    expect(forced.cart.items.find((item) => item.id === id)).toMatchObject({
      accessoryStatus: 'CompleteInvalidVehicle',
      accessoryInfo: {
        vehicleId: fixture.vehicles.mustang,
        vehicleMake: 'Ford',
        vehicleModel: 'Mustang',
        accessories: [],
      },
    });
    // No accessories for a vehicle the wheel does not fit.
    expect((await get(`Cart/Accessories?id=${id}`)).statusCode).toBe(409);
    // ForceAdd with a vehicle that fits is an ordinary fit.
    const refit = await ok<VehicleCheckResult>(
      post('Cart/Vehicle', {
        id: await addWheel(fixture.wheels.w3),
        vehicleId: fixture.vehicles.hilux,
        action: 'ForceAdd',
      }),
    );
    expect(refit.result).toBe('Complete');
  });

  it('accessory groups follow the wheel and vehicle: in-stock only, quantities for the wheel count, opt-out where allowed', async () => {
    const id = (await ok<CartState>(get('Cart/Get'))).items.find((item) => item.productId === fixture.wheels.w1)
      ?.id as number;
    const { groups } = await ok<CartAccessories>(get(`Cart/Accessories?id=${id}`));
    expect(groups.map((group) => [group.groupId, group.type, group.canOptOut, group.optOutLabel])).toEqual([
      ['fasteners', 'SingleSelect', true, 'Use existing'],
      ['locks', 'SingleSelect', true, 'No locks'],
      ['valves', 'MultiSelect', false, null],
    ]);
    const [fasteners, locks, valves] = groups;
    // HiLux: M12x1.5 nuts with the wheel's conical seat, six studs on four wheels: 24 loose (an exact fit, first),
    // or 2 packs of 20 with 16 spare; each says so in words.
    expect(fasteners?.name).toBe('Wheel Nuts');
    expect(fasteners?.accessories).toEqual([
      {
        id: fixture.merchandise.m1,
        name: 'Gorilla Conical Nut M12x1.5',
        sku: 'M1',
        description: 'Sold singly, M12x1.5 thread, conical seat: 24 nuts for 4 wheels of 6 studs',
        quantity: 24,
        subTotal: '$48.00',
        subTotalValue: 4_800,
        rrpSubTotal: { formatted: '$72.00', cents: 7_200 },
        selected: false,
      },
      {
        id: fixture.accessories.nutPack,
        name: 'Gorilla Conical Nut M12x1.5 (Pack of 20)',
        sku: 'N20',
        description: 'Pack of 20, M12x1.5 thread, conical seat: 2 packs, 40 nuts for 4 wheels of 6 studs (16 spare)',
        quantity: 2,
        subTotal: '$60.00',
        subTotalValue: 6_000,
        rrpSubTotal: { formatted: '$120.00', cents: 12_000 },
        selected: false,
      },
    ]);
    // The black lock set has only supplier stock, so it is not offered.
    expect(locks?.accessories.map((a) => [a.sku, a.quantity, a.subTotalValue])).toEqual([['L1', 1, 6_000]]);
    // The chrome valve has no stock; the others list cheapest first.
    expect(valves?.accessories.map((a) => [a.sku, a.quantity, a.subTotalValue])).toEqual([
      ['V1', 4, 400],
      ['V2', 4, 1_600],
    ]);
  });

  it('hub rings (required) when the wheel bore is larger than the hub, TPMS when the vehicle has it', async () => {
    const id = await addWheel(fixture.wheels.w1, 2);
    expect(
      (
        await ok<VehicleCheckResult>(
          post('Cart/Vehicle', { id, vehicleId: fixture.vehicles.ranger, action: 'CheckAndAdd' }),
        )
      ).result,
    ).toBe('Complete');
    const { groups } = await ok<CartAccessories>(get(`Cart/Accessories?id=${id}`));
    expect(groups.map((group) => group.groupId)).toEqual(['fasteners', 'locks', 'hub-rings', 'tpms', 'valves']);
    const rings = groups.find((group) => group.groupId === 'hub-rings');
    expect(rings).toMatchObject({ canOptOut: false, accessories: [{ sku: 'M3', quantity: 2, subTotalValue: 2_400 }] });
    expect(groups.find((group) => group.groupId === 'tpms')).toMatchObject({
      canOptOut: true,
      optOutLabel: 'No TPMS sensors',
      accessories: [{ sku: 'S1', quantity: 2 }],
    });
    // Required hub rings cannot be left out.
    const without = await post('Cart/Accessories', { id, productIds: [] });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      validationErrors: [{ name: 'productIds', reason: 'Hub Rings are required for this wheel.' }],
    });
    const cart = await ok<CartState>(post('Cart/Accessories', { id, productIds: [fixture.merchandise.m3] }));
    expect(cart.items.find((item) => item.id === id)).toMatchObject({
      accessoryStatus: 'Complete',
      accessoryInfo: { accessories: [{ sku: 'M3', quantity: 2 }], subTotalValue: 2_400 },
    });
  });

  it('saving accessories: one per single-select group, only what is offered; the line becomes Complete and is priced', async () => {
    const id = (await ok<CartState>(get('Cart/Get'))).items.find(
      (item) => item.productId === fixture.wheels.w1 && item.quantity === 4,
    )?.id as number;
    const two = await post('Cart/Accessories', {
      id,
      productIds: [fixture.accessories.lock, fixture.accessories.lockGone],
    });
    expect(two.statusCode).toBe(400);
    const unoffered = await post('Cart/Accessories', { id, productIds: [fixture.merchandise.m2] });
    expect(unoffered.statusCode).toBe(400);
    expect(unoffered.json()).toMatchObject({ validationErrors: [{ name: 'productIds' }] });
    expect((await post('Cart/Accessories', { id, productIds: 'all' })).statusCode).toBe(400);
    const before = await ok<CartState>(get('Cart/Get'));
    const cart = await ok<CartState>(
      post('Cart/Accessories', {
        id,
        productIds: [
          fixture.merchandise.m1,
          fixture.accessories.lock,
          fixture.accessories.valveRubber,
          fixture.accessories.valveAlloy,
        ],
      }),
    );
    const line = cart.items.find((item) => item.id === id);
    expect(line?.accessoryStatus).toBe('Complete');
    expect(line?.accessoryInfo?.accessories).toEqual([
      { name: 'Gorilla Conical Nut M12x1.5', sku: 'M1', quantity: 24 },
      { name: 'McGard Lock Set M12x1.5 Conical', sku: 'L1', quantity: 1 },
      { name: 'YHI Alloy Valve Black', sku: 'V2', quantity: 4 },
      { name: 'YHI Rubber Valve TR413', sku: 'V1', quantity: 4 },
    ]);
    expect(line?.accessoryInfo?.subTotalValue).toBe(4_800 + 6_000 + 400 + 1_600);
    expect(cart.subTotalValue).toBe(before.subTotalValue + 12_800);
    // The groups show what is chosen; more wheels mean more nuts.
    const { groups } = await ok<CartAccessories>(get(`Cart/Accessories?id=${id}`));
    expect(groups.flatMap((group) => group.accessories.filter((a) => a.selected).map((a) => a.sku))).toEqual([
      'M1',
      'L1',
      'V1',
      'V2',
    ]);
    const six = await ok<CartState>(post('Cart/Update', { id, quantity: 6 }));
    expect(six.items.find((item) => item.id === id)?.accessoryInfo?.accessories[0]).toEqual({
      name: 'Gorilla Conical Nut M12x1.5',
      sku: 'M1',
      quantity: 36,
    });
    // Changing the vehicle drops accessories chosen for the old one.
    const changed = await ok<VehicleCheckResult>(
      post('Cart/Vehicle', { id, vehicleId: fixture.vehicles.ranger, action: 'CheckAndAdd' }),
    );
    expect(changed.cart.items.find((item) => item.id === id)).toMatchObject({
      accessoryStatus: 'ActionRequired',
      accessoryInfo: { accessories: [] },
    });
  });

  it('skip: CompleteSkipped; an optional skip leaves settled lines alone; only wheels have vehicles', async () => {
    const id = await addWheel(fixture.wheels.w3, 1);
    const skipped = await ok<CartState>(post('Cart/AccessoriesSkip', { id, optional: false }));
    expect(skipped.items.find((item) => item.id === id)?.accessoryStatus).toBe('CompleteSkipped');
    const forcedId = (await ok<CartState>(get('Cart/Get'))).items.find(
      (item) => item.accessoryStatus === 'CompleteInvalidVehicle',
    )?.id as number;
    const optional = await ok<CartState>(post('Cart/AccessoriesSkip', { id: forcedId, optional: true }));
    expect(optional.items.find((item) => item.id === forcedId)?.accessoryStatus).toBe('CompleteInvalidVehicle');
    const tyre = (await ok<CartState>(post('Cart/Add', { productId: fixture.tyres.t1, quantity: 1 }))).items.find(
      (item) => item.productId === fixture.tyres.t1,
    );
    expect(tyre).toMatchObject({ accessoryStatus: 'None', accessoryInfo: null });
    const notWheel = await post('Cart/Vehicle', {
      id: tyre?.id,
      vehicleId: fixture.vehicles.hilux,
      action: 'CheckAndAdd',
    });
    expect(notWheel.statusCode).toBe(400);
    expect((await post('Cart/AccessoriesSkip', { id: tyre?.id, optional: false })).statusCode).toBe(400);
    expect((await post('Cart/Vehicle', { id, vehicleId: 999_999, action: 'CheckAndAdd' })).statusCode).toBe(400);
    expect((await post('Cart/Vehicle', { id, vehicleId: fixture.vehicles.hilux, action: 'Maybe' })).statusCode).toBe(
      400,
    );
    expect((await post('Cart/AccessoriesSkip', { id })).statusCode).toBe(400);
  });
});
