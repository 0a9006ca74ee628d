import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetails, OrderHistoryPage } from '../../src/contract/order-history';
import { PLACED, createOrderHistoryFixture, orderCalls } from '../support/order-history-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('Order/History and Order/Details: the account’s orders, searched, filtered by Melbourne day and status, paged', () => {
  let t: TestApp;
  let setup: Awaited<ReturnType<typeof createOrderHistoryFixture>>;
  let dealer: ReturnType<typeof orderCalls>;
  let other: ReturnType<typeof orderCalls>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    setup = await createOrderHistoryFixture(t);
    dealer = orderCalls(t.app, setup.dealerHeaders);
    other = orderCalls(t.app, setup.otherHeaders);
  });
  afterAll(() => t.close());

  const history = async (query: string) => {
    const answer = await dealer.get(`Order/History${query}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as unknown as OrderHistoryPage;
  };
  const ids = async (query: string) => (await history(query)).orders.map((order) => order.id);

  it('lists every order of the account newest first, whatever the payment method, with its references and totals', async () => {
    const page = await history('');
    const { wheels, card, beanies } = setup.orders;
    expect(page).toMatchObject({ totalCount: 3, page: 1, pageSize: 20, totalPages: 1 });
    expect(page.orders.map((order) => order.id)).toEqual([beanies, card, wheels]);
    const [, cardOrder, wheelOrder] = page.orders;
    expect(wheelOrder).toMatchObject({
      orderNumber: String(wheels),
      placedAt: PLACED.wheels.toISOString(),
      stockNumber: 'STK-HILUX',
      orderReference: 'PO-ABC',
      status: 'Placed',
      paymentMethod: 'Payments.TradingAccount',
      paymentMethodName: 'Trading Account',
      lineCount: 2,
      invoiceNumber: expect.stringMatching(/\S/),
    });
    expect(wheelOrder?.total?.formatted).toBe(
      new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(
        (wheelOrder?.total?.cents ?? 0) / 100,
      ),
    );
    expect(cardOrder).toMatchObject({
      stockNumber: 'STK-CARD',
      orderReference: null,
      status: 'PendingPayment',
      paymentMethod: 'Payments.Card',
      lineCount: 1,
      invoiceNumber: null,
    });
  });

  it('search matches the stock number (any case, any part)', async () => {
    expect(await ids('?search=hilux')).toEqual([setup.orders.wheels]);
    expect(await ids('?search=stk-')).toHaveLength(3);
  });

  it('search matches the SKU and the product name of any line, accessories included', async () => {
    expect(await ids('?search=t5')).toEqual([setup.orders.card]);
    expect(await ids('?search=Charlie%20Eco')).toEqual([setup.orders.card]);
    // L1 is the HiLux wheels' lock set, an accessory line.
    expect(await ids('?search=l1')).toEqual([setup.orders.wheels]);
  });

  it('search matches the invoice number, the order reference and the order number', async () => {
    const [wheelOrder] = (await history(`?search=${setup.orders.wheels}`)).orders.filter(
      (order) => order.id === setup.orders.wheels,
    );
    const invoiceNumber = wheelOrder?.invoiceNumber as string;
    expect(await ids(`?search=${encodeURIComponent(invoiceNumber.toLowerCase())}`)).toEqual([setup.orders.wheels]);
    expect(await ids('?search=po-abc')).toEqual([setup.orders.wheels]);
    expect(await ids(`?search=${setup.orders.card}`)).toContain(setup.orders.card);
    expect(await ids('?search=nothing-like-this')).toEqual([]);
    // LIKE's wildcards are searched for as themselves.
    expect(await ids('?search=%25')).toEqual([]);
  });

  it('from and to are Melbourne days, both included; status filters', async () => {
    // Placed at 00:30 on 2 Nov in Melbourne, which is still 1 Nov in UTC.
    expect(await ids('?from=2026-11-02&to=2026-11-02')).toEqual([setup.orders.wheels]);
    expect(await ids('?to=2026-11-01')).toEqual([]);
    expect(await ids('?from=2026-11-03')).toEqual([setup.orders.beanies, setup.orders.card]);
    expect(await ids('?status=PendingPayment')).toEqual([setup.orders.card]);
    expect(await ids('?status=Placed&search=stk&from=2026-11-01&to=2026-11-30')).toEqual([
      setup.orders.beanies,
      setup.orders.wheels,
    ]);
    // An empty field is no filter.
    expect(await ids('?search=&from=&to=&status=')).toHaveLength(3);
  });

  it('pages with page and pageSize; keys ignore case', async () => {
    const second = await history('?PAGE=2&pagesize=2');
    expect(second).toMatchObject({ totalCount: 3, page: 2, pageSize: 2, totalPages: 2 });
    expect(second.orders.map((order) => order.id)).toEqual([setup.orders.wheels]);
    expect(await ids('?Search=HILUX')).toEqual([setup.orders.wheels]);
  });

  it('refuses bad filters with 400 and the field named', async () => {
    const cases: [string, string][] = [
      ['?from=02/11/2026', 'from'],
      ['?from=2026-11-05&to=2026-11-04', 'to'],
      ['?status=Shipped', 'status'],
      ['?pageSize=101', 'pageSize'],
      ['?page=0', 'page'],
      [`?search=${'x'.repeat(101)}`, 'search'],
      ['?colour=red', 'colour'],
    ];
    for (const [query, field] of cases) {
      const answer = await dealer.get(`Order/History${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.validationErrors, query).toEqual([expect.objectContaining({ name: field })]);
    }
  });

  it('another account sees none of these orders, and their details answer 404', async () => {
    const answer = await other.get('Order/History');
    expect(answer.body).toMatchObject({ totalCount: 0, orders: [] });
    expect((await other.get(`Order/History?search=${setup.orders.wheels}`)).body).toMatchObject({ totalCount: 0 });
    const details = await other.get(`Order/Details?id=${setup.orders.wheels}`);
    expect(details.status).toBe(404);
    expect(details.body).toMatchObject({ status: 404, isError: true });
    expect((await dealer.get('Order/Details?id=999999')).status).toBe(404);
    expect((await dealer.get('Order/Details?id=abc')).status).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: api('Order/History') })).statusCode).toBe(401);
  });

  it('details: lines with the accessories under their wheel, vehicle, delivery, freight, GST, total, invoice', async () => {
    const answer = await dealer.get(`order/details?ID=${setup.orders.wheels}`);
    expect(answer.status, answer.text).toBe(200);
    const details = answer.body as unknown as OrderDetails;
    expect(details).toMatchObject({
      id: setup.orders.wheels,
      stockNumber: 'STK-HILUX',
      orderReference: 'PO-ABC',
      shippingMethod: 'Standard',
      address: { address1: '1 Trade St', city: 'Melbourne', postcode: '3000', state: 'VIC' },
    });
    expect(details.invoiceNumber).toMatch(/\S/);
    expect(
      details.presentation.lines.map((line) => [
        line.sku,
        line.quantity,
        line.vehicle,
        line.accessories.map((row) => row.sku),
      ]),
    ).toEqual([
      ['W1', 4, 'Toyota HiLux N80 SR5 4x4', ['M1', 'L1', 'V1']],
      ['T1', 2, null, []],
    ]);
    expect(details.presentation.total?.cents).toBe(details.total.cents);
    expect(details.presentation.gst?.cents).toBeGreaterThan(0);
    expect(details.payments).toEqual([]);
    const card = (await dealer.get(`Order/Details?id=${setup.orders.card}`)).body as unknown as OrderDetails;
    expect(card.payments).toEqual([
      expect.objectContaining({ method: 'Credit Card', status: 'Pending', amount: card.total }),
    ]);
  });
});
