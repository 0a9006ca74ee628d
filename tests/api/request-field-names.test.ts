import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompleteResult } from '../../src/contract/checkout';
import type { Problem } from '../../src/contract/problem';
import type { RouteDefinition } from '../../src/contract/route';
import { type RouteName, routes } from '../../src/contract/routes';
import { orders } from '../../src/server/db/schema';
import { UNKNOWN_FIELD } from '../../src/server/http/request-edge';
import { createCheckoutFixture, signedInDealer } from '../support/checkout-fixtures';
import { pascalCaseKeys, sampleRequest } from '../support/contract-samples';
import { type RoleName, sessionsForEveryRole } from '../support/roles';
import { CALLER, callRoute } from '../support/route-requests';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const names = Object.keys(routes) as RouteName[];
const withInput = names.filter((name) => {
  const route: RouteDefinition = routes[name];
  return route.query !== undefined || route.body !== undefined;
});

interface Shop {
  t: TestApp;
  dataDir: string;
  headers: Record<RoleName, Record<string, string>>;
}

async function openShop(): Promise<Shop> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'yhi-field-names-'));
  const t = await createTestApp({
    now: NOW,
    env: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_ADDRESS: '1000000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000' },
  });
  const { headers } = await sessionsForEveryRole(t.app, t.database.db);
  return { t, dataDir, headers };
}

async function closeShop(shop: Shop) {
  await shop.t.close();
  await rm(shop.dataDir, { recursive: true, force: true });
}

const refusedNames = (body: string) =>
  ((JSON.parse(body) as Problem).validationErrors ?? []).map((error) => error.name).sort();

describe('request field names are case-insensitive on every route (DESIGN.md §4)', () => {
  // Two identical shops take the same calls in the same order, one camelCase and one PascalCase, so a call's side
  // effects (a line added, a form stored) can never explain a difference between the two answers.
  let camel: Shop;
  let pascal: Shop;
  beforeAll(async () => {
    [camel, pascal] = await Promise.all([openShop(), openShop()]);
  });
  afterAll(async () => {
    await Promise.all([closeShop(camel), closeShop(pascal)]);
  });

  it.each(withInput)('%s answers PascalCase keys as it answers camelCase ones', async (name) => {
    const route: RouteDefinition = routes[name];
    const role = CALLER[route.access];
    const sample = sampleRequest(route);
    const pascalSample = {
      ...(sample.query ? { query: pascalCaseKeys(sample.query) as Record<string, string | string[]> } : {}),
      ...(sample.body !== undefined ? { body: pascalCaseKeys(sample.body) } : {}),
    };
    const asCamel = await callRoute(camel.t.app, route, camel.headers[role], sample);
    const asPascal = await callRoute(pascal.t.app, route, pascal.headers[role], pascalSample);
    expect(asPascal.statusCode, `camelCase ${asCamel.body}\nPascalCase ${asPascal.body}`).toBe(asCamel.statusCode);
    if (asCamel.statusCode === 400) expect(refusedNames(asPascal.body)).toEqual(refusedNames(asCamel.body));
  });

  it.each(names)('%s answers 400 naming a key that is no field of its query or body', async (name) => {
    const route: RouteDefinition = routes[name];
    const sample = sampleRequest(route);
    const headers = camel.headers[CALLER[route.access]];
    const inQuery = await callRoute(camel.t.app, route, headers, {
      ...sample,
      query: { ...sample.query, notAField: '1' },
    });
    expect(inQuery.statusCode, inQuery.body).toBe(400);
    expect((inQuery.json() as Problem).validationErrors).toContainEqual({ name: 'notAField', reason: UNKNOWN_FIELD });
    if (route.method === 'POST') {
      const body = { ...(sample.body as object | undefined), notAField: 1 };
      const inBody = await callRoute(camel.t.app, route, headers, { ...sample, body });
      expect(inBody.statusCode, inBody.body).toBe(400);
      expect((inBody.json() as Problem).validationErrors).toContainEqual({ name: 'notAField', reason: UNKNOWN_FIELD });
    }
  });
});

describe('Checkout/Complete keeps fields sent in PascalCase', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  it('stores StockNumber, OrderNumber and DeliveryNotes on the order', async () => {
    const fixture = await createCheckoutFixture(t.database.db, NOW);
    const { calls } = await signedInDealer(t.app, t.database.db);
    await t.app.catalogue.reload();
    await calls.add(fixture.tyres.t1, 2);
    const response = await calls.complete(
      {
        StockNumber: 'STK-9',
        OrderNumber: 'PO-9',
        DeliveryNotes: 'Side gate',
        PaymentMethod: 'Payments.TradingAccount',
      },
      'pascal-case-order',
    );
    expect(response.statusCode, response.body).toBe(200);
    const { orderId } = response.json() as CompleteResult & { orderId: number };
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ stockNumber: 'STK-9', customerOrderNumber: 'PO-9', deliveryNotes: 'Side gate' });
  });
});
