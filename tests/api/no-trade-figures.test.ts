import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../src/contract/route';
import { type RouteName, routes } from '../../src/contract/routes';
import { definitionOf } from '../../src/contract/zod-definition';
import { formatAud } from '../../src/domain/money';
import { accounts, customerPrices, invoices, orderLines, orders, products } from '../../src/server/db/schema';
import { assignDiscountTier } from '../support/catalogue-fixtures';
import { checkoutCalls } from '../support/checkout-fixtures';
import { bearer, createColleague, signIn } from '../support/fixtures';
import { createOrderHistoryFixture } from '../support/order-history-fixtures';
import { sampleRequest } from '../support/contract-samples';
import { callRoute } from '../support/route-requests';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-25T02:00:00Z');

/**
 * A money field: a field of the money schema ({ formatted, cents }), or a number or text field whose name says it
 * carries an amount (cents, price, amount, total, discount, cost, margin, value, gst, tax, shipping, balance, limit).
 */
const MONEY_NAME = /(cents|price|amount|total|discount|cost|margin|value|gst|tax|shipping|balance|limit|break)s?$/i;
/** Fields whose name matches but that carry no money: a facet's value (a brand, a width), counts and rates. */
const NOT_MONEY = new Set(['value', 'discountBasisPoints', 'totalCount', 'totalPages', 'totalItems', 'totalQuantity']);

function isMoneySchema(def: ReturnType<typeof definitionOf>): boolean {
  if (def.type !== 'object') return false;
  const keys = Object.keys(def.shape as object);
  return keys.length === 2 && keys.includes('formatted') && keys.includes('cents');
}

/** The money fields of a response schema, as dotted paths ([] for an array's items). */
function moneyFieldsOf(schema: unknown, path = '', seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  const def = definitionOf(schema);
  const inner = (next: unknown) => moneyFieldsOf(next, path, new Set([...seen, schema]));
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return inner(def.out);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'array':
      return moneyFieldsOf(def.element, `${path}[]`, new Set([...seen, schema]));
    case 'record':
      return moneyFieldsOf(def.valueType, `${path}.*`, new Set([...seen, schema]));
    case 'union':
      return [...new Set((def.options as unknown[]).flatMap(inner))];
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'object': {
      if (isMoneySchema(def)) return [path];
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, field]) => {
        const at = path ? `${path}.${key}` : key;
        const fieldDef = definitionOf(field);
        const leaf = ['number', 'int', 'string', 'nullable', 'optional'].includes(fieldDef.type);
        if (MONEY_NAME.test(key) && !NOT_MONEY.has(key) && leaf && scalarUnder(field)) return [at];
        return moneyFieldsOf(field, at, new Set([...seen, schema]));
      });
    }
    default:
      return [];
  }
}

/** Whether the schema, under its wrappers, is a number or a text. */
function scalarUnder(schema: unknown): boolean {
  const def = definitionOf(schema);
  if (def.type === 'number' || def.type === 'int' || def.type === 'string') return true;
  if (def.type === 'nullable' || def.type === 'optional' || def.type === 'default') return scalarUnder(def.innerType);
  return false;
}

/** The values of an answer at the money fields' names, at any depth, with where they are. */
function moneyValuesOf(value: unknown, moneyKeys: ReadonlySet<string>, at = '', inMoney = false): [string, unknown][] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => moneyValuesOf(item, moneyKeys, `${at}[${index}]`, inMoney));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      moneyValuesOf(item, moneyKeys, `${at}.${key}`, inMoney || moneyKeys.has(key)),
    );
  }
  return inMoney ? [[at, value]] : [];
}

/** Every text of an answer, at any depth. */
function textsOf(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsOf(item, `${at}[${index}]`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => textsOf(item, `${at}.${key}`));
  return [];
}

/** Calls that empty the cart, place the order or save the account's settings go after every other call. */
const CALLED_LAST: RouteName[] = [
  'cartRemove',
  'checkoutRemove',
  'cartClear',
  'checkoutComplete',
  'accountDetailsSave',
  'quoteDelete',
];

const names = Object.keys(routes) as RouteName[];
type Caller = 'counter' | 'hideOwner';
const routeOf = (name: RouteName): RouteDefinition => routes[name];

describe('no trade figure reaches a counter user or an account that hides prices, from any route', () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof createOrderHistoryFixture>>;
  let hideOwner: Record<string, string>;
  let counter: Record<string, string>;
  let tradeFigures: Map<number, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    world = await createOrderHistoryFixture(t);
    const db = t.database.db;
    const hideAccount = world.dealerAccountId;
    const tradeAccount = world.otherAccount.id;
    await db.update(accounts).set({ priceDisplay: 'Hide' }).where(eq(accounts.id, hideAccount));
    for (const accountId of [hideAccount, tradeAccount]) {
      await assignDiscountTier(db, accountId, world.fixture.goldTierId);
      await db.insert(customerPrices).values({ accountId, productId: world.fixture.tyres.t4, priceCents: 19_500 });
    }
    await t.app.catalogue.reload();
    hideOwner = world.dealerHeaders;
    counter = bearer(await signIn(t.app, (await createColleague(db, tradeAccount, 'counter')).email));
    tradeFigures = await knownTradeFigures();
    await prepareCart();
  });
  afterAll(() => t.close());

  /**
   * Every figure only trade knows: each product's trade price, its Gold tier price and the account's own price, for 1
   * to 8 of it, and the Hide account's orders' totals and lines. A figure that is also an RRP figure cannot tell
   * trade from RRP and is left out.
   */
  async function knownTradeFigures(): Promise<Map<number, string>> {
    const db = t.database.db;
    const rows = await db.select().from(products);
    const trade = new Map<number, string>();
    const rrp = new Set<number>();
    const quantities = [1, 2, 3, 4, 5, 6, 7, 8];
    for (const product of rows) {
      const tier = product.brand === 'Alpha' ? Math.round(product.tradeCents * 0.9) : product.tradeCents;
      for (const q of quantities) {
        rrp.add(product.rrpCents * q);
        trade.set(product.tradeCents * q, `${q} × ${product.sku} at trade`);
        trade.set(tier * q, `${q} × ${product.sku} at the Gold tier`);
      }
    }
    for (const q of quantities) trade.set(19_500 * q, `${q} × T4 at the account's own price`);
    const placed = await db.select().from(orders).where(eq(orders.accountId, world.dealerAccountId));
    for (const order of placed) {
      trade.set(order.subtotalCents, `order ${order.id} subtotal`);
      trade.set(order.totalCents, `order ${order.id} total`);
      trade.set(order.taxCents, `order ${order.id} GST`);
      if (order.discountCents > 0) trade.set(order.discountCents, `order ${order.id} discount`);
    }
    const lines = await db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          placed.map((order) => order.id),
        ),
      );
    for (const line of lines) trade.set(line.unitPriceCents, `order line ${line.sku} unit price`);
    for (const figure of rrp) trade.delete(figure);
    trade.delete(0);
    return trade;
  }

  /** Inputs that make a route answer 200 where the contract's sample input would not find anything. */
  let inputs: (caller: Caller) => Partial<Record<RouteName, { query?: Record<string, string>; body?: unknown }>>;

  async function prepareCart() {
    const calls = checkoutCalls(t.app, hideOwner);
    const cart = await calls.add(world.fixture.wheels.w1, 4);
    const wheel = cart.shoppingCart.items[0]?.id as number;
    await calls.post('Cart/Vehicle', { id: wheel, vehicleId: world.fixture.vehicles.hilux, action: 'CheckAndAdd' });
    await calls.post('Cart/Accessories', { id: wheel, productIds: [world.fixture.merchandise.m1] });
    await calls.add(world.fixture.tyres.t2, 2);
    const withTyre = await calls.add(world.fixture.tyres.t4, 1);
    const tyre = withTyre.shoppingCart.items.find((item) => item.productId === world.fixture.tyres.t2)?.id as number;
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, world.orders.wheels));
    const slug = { query: { slug: 't2' } };
    const search = { body: {} };
    const quote = (productId: number) => ({
      customerName: 'Walk-in Wendy',
      validUntil: '2026-12-06',
      lines: [{ productId, quantity: 4 }],
    });
    const quoted = async (headers: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: api('Quote/Create'),
        headers,
        payload: quote(world.fixture.tyres.t2),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { id: number }).id;
    };
    const quoteIds: Record<Caller, number> = { counter: await quoted(counter), hideOwner: await quoted(hideOwner) };
    inputs = (caller) => ({
      quoteCreate: { body: quote(world.fixture.tyres.t4) },
      quoteDetails: { query: { id: String(quoteIds[caller]) } },
      quotePdf: { query: { id: String(quoteIds[caller]) } },
      quoteUpdate: { body: { id: quoteIds[caller], ...quote(world.fixture.tyres.t4) } },
      quoteDelete: { body: { id: quoteIds[caller] } },
      quoteToCart: { body: { id: quoteIds[caller] } },
      quoteSettingsSave: {
        body: {
          tradingName: 'Corner Tyres',
          abn: '51 824 753 556',
          markupBasisPoints: 3_000,
          servicePrices: { Fitting: 2_500, Balancing: 1_500, Disposal: 500 },
        },
      },
      tyreDiameters: search,
      tyreProfiles: search,
      tyreSearch: search,
      tyrePublicDiameters: search,
      tyrePublicProfiles: search,
      tyrePublicSearch: search,
      tyrePublicDetails: slug,
      wheelPublicDetails: { query: { slug: 'w1' } },
      merchandiseDetails: { query: { slug: 'm3' } },
      merchandisePublicDetails: { query: { slug: 'm3' } },
      merchandiseSearch: search,
      merchandisePublicSearch: search,
      merchandiseSubcategorySearch: { body: { subcategorySlug: 'wheel-nuts' } },
      merchandisePublicSubcategorySearch: { body: { subcategorySlug: 'wheel-nuts' } },
      cartUpdate: { body: { id: tyre, quantity: 3 } },
      cartDiscount: { body: { code: 'SAVE10' } },
      checkoutDiscount: { body: { code: 'SAVE10' } },
      cartVehicleGet: { query: { id: String(wheel) } },
      cartVehicleSet: { body: { id: wheel, vehicleId: world.fixture.vehicles.hilux, action: 'CheckAndAdd' } },
      cartAccessoriesGet: { query: { id: String(wheel) } },
      cartAccessoriesSet: { body: { id: wheel, productIds: [world.fixture.merchandise.m1] } },
      cartAccessoriesSkip: { body: { id: wheel, optional: true } },
      checkoutUpdate: { body: { id: tyre, quantity: 2 } },
      cartRemove: { body: { id: tyre } },
      checkoutRemove: { body: { id: wheel } },
      orderDetails: { query: { id: String(world.orders.wheels) } },
      orderReorder: { body: { orderId: world.orders.beanies } },
      orderHistory: { query: {} },
      checkoutSuccess: { query: { id: String(world.orders.wheels) } },
      paymentOrder: {
        query: {
          id: String(world.orders.card),
          clientDateTime: '2026-11-25T13:00:00',
          timezone: 'Australia/Melbourne',
        },
      },
      accountInvoiceDetails: { query: { invoiceNumber: invoice?.invoiceNumber ?? '' } },
      accountInvoicePdf: { query: { invoiceNumber: invoice?.invoiceNumber ?? '' } },
    });
  }

  it('finds the money fields of the response schemas', () => {
    const fieldsOf = (name: RouteName) => moneyFieldsOf(routeOf(name).response);
    expect(fieldsOf('merchandiseDetails')).toEqual(['priceCents', 'rrpCents', 'priceBreaks[].priceCents']);
    expect(fieldsOf('orderHistory')).toEqual(['orders[].total']);
    expect(fieldsOf('cartGet')).toContain('items[].unitPriceValue');
    expect(fieldsOf('cartGet')).toContain('presentation.lines[].accessories[].unitPrice');
    expect(fieldsOf('tyreSearch')).toEqual([
      'items[].priceCents',
      'items[].rrpCents',
      'items[].priceBreaks[].priceCents',
    ]);
    expect(fieldsOf('accountDetails')).toEqual([]);
  });

  const callers = {
    counter: (route: RouteDefinition) =>
      route.access === 'public' ||
      route.access === 'signedIn' ||
      ((route.access === 'customer' || route.access === 'payer') && (route.customerRoles ?? []).includes('counter')),
    hideOwner: (route: RouteDefinition) => ['public', 'signedIn', 'customer', 'payer'].includes(route.access),
  };

  /** Routes not called: each ends the caller's session (a changed password ends all of them). */
  const NOT_CALLED: RouteName[] = ['logout', 'logoutEverywhere', 'accountPasswordChange'];

  /** Routes that answer both callers other than 200 here, and why; each has no answer to look at. */
  const UNANSWERED: Partial<Record<RouteName, string>> = {
    login: 'signs in with a password, not a session',
    staffLogin: 'staff sign in only',
    tokenRefresh: 'needs a refresh token of its own',
    resetPasswordCheck: 'needs a reset link sent by email',
    resetPassword: 'needs a reset link sent by email',
    staffPasswordLinkCheck: 'needs a staff link sent by email',
    staffSetPassword: 'needs a staff link sent by email',
  };

  /** Routes that answer the Hide account's owner other than 200 here, and why. */
  const UNANSWERED_FOR_HIDE_OWNER: Partial<Record<RouteName, string>> = {
    ...UNANSWERED,
    pitPassGet: 'the account is in no dealer program',
    dealerPromotion: 'the account is in no dealer program',
    formProductReturn: 'a return needs an invoice line and a reason; it answers a request number, no money',
    formWarrantyClaim: 'a claim needs photos uploaded; it answers a request number, no money',
    uploadToken: 'no file store in tests',
    checkoutPayPalOrder: 'no PayPal in tests',
    paymentResult: 'needs a payment reference from the card provider',
    checkoutComplete: 'called last, after Cart/Clear emptied the cart (Checkout/Success answers the placed order)',
  };

  /**
   * The tax invoice stays at the prices charged: an account that hides prices still gets its invoices, to pay them,
   * at what it was charged. A counter user is refused them (tests/api/role-matrix.test.ts).
   */
  const INVOICES: RouteName[] = ['accountInvoices', 'accountInvoiceDetails', 'accountInvoicePdf', 'paymentInvoice'];

  /**
   * Not yet enforced for an account that hides prices: its cart, checkout and placed orders are answered at trade
   * (the screens hide them), because the order presentation has no hidden price yet. Each answers a counter user 403.
   */
  const HIDE_NOT_YET_ENFORCED: RouteName[] = [
    'salesRetailerSales',
    'cartGet',
    'cartAdd',
    'cartUpdate',
    'cartRemove',
    'cartDiscount',
    'cartVehicleSet',
    'cartAccessoriesSet',
    'cartAccessoriesSkip',
    'cartQuickAdd',
    'checkoutGet',
    'checkoutAdd',
    'checkoutUpdate',
    'checkoutRemove',
    'checkoutDiscount',
    'checkoutRemoveDiscount',
    'checkoutShippingMethod',
    'checkoutSuccess',
    'orderDetails',
    'orderReorder',
    'quoteToCart',
  ];

  /** Every trade figure the answer carries: at a money field, as a number, and in any text, as AUD. */
  function tradeFiguresIn(name: RouteName, answer: unknown, moneyKeys: ReadonlySet<string>): string[] {
    const leaks: string[] = [];
    for (const [at, value] of moneyValuesOf(answer, moneyKeys)) {
      if (typeof value === 'number' && tradeFigures.has(value))
        leaks.push(`${name} ${at} = ${value} (${tradeFigures.get(value)})`);
    }
    for (const [at, text] of textsOf(answer)) {
      for (const [figure, what] of tradeFigures)
        if (text.includes(formatAud(figure))) leaks.push(`${name} ${at} = ${text} (${what})`);
    }
    return leaks;
  }

  it.each(['counter', 'hideOwner'] as const)('every route answers the %s without a trade figure', async (caller) => {
    const headers = caller === 'counter' ? counter : hideOwner;
    const moneyKeys = new Set(
      names.flatMap((name) =>
        moneyFieldsOf(routeOf(name).response).map(
          (path) =>
            path
              .split(/[.[\]*]+/)
              .filter(Boolean)
              .pop() ?? '',
        ),
      ),
    );
    const exempt = caller === 'hideOwner' ? [...INVOICES, ...HIDE_NOT_YET_ENFORCED] : [];
    const unanswered: Partial<Record<RouteName, number>> = {};
    const answered: RouteName[] = [];
    const leaks: string[] = [];
    const called = names.filter((name) => callers[caller](routeOf(name)) && !NOT_CALLED.includes(name));
    for (const name of [
      ...called.filter((name) => !CALLED_LAST.includes(name)),
      ...CALLED_LAST.filter((name) => called.includes(name)),
    ]) {
      const route = routeOf(name);
      const response = await callRoute(t.app, route, headers, inputs(caller)[name] ?? sampleRequest(route));
      // Account/Details saves the sample's price display: the account goes back to hiding prices.
      await t.database.db.update(accounts).set({ priceDisplay: 'Hide' }).where(eq(accounts.id, world.dealerAccountId));
      if (response.statusCode !== 200) {
        unanswered[name] = response.statusCode;
        continue;
      }
      answered.push(name);
      if (route.produces || exempt.includes(name)) continue;
      leaks.push(...tradeFiguresIn(name, response.json(), moneyKeys));
    }
    expect(leaks).toEqual([]);
    const expectedUnanswered = caller === 'counter' ? UNANSWERED : UNANSWERED_FOR_HIDE_OWNER;
    expect(Object.keys(unanswered).sort()).toEqual(Object.keys(expectedUnanswered).sort());
    expect(answered.length).toBe(caller === 'counter' ? 52 : 97);
  });
});
