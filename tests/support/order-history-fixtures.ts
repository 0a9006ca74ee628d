import type { FastifyInstance } from 'fastify';
import type { CompleteResult } from '../../src/contract/checkout';
import { checkoutCalls, createCheckoutFixture } from './checkout-fixtures';
import { bearer, createCustomer, signIn } from './fixtures';
import type { TestApp } from './test-app';

/** When the three orders were placed: the first just after midnight of 2 Nov in Melbourne (still 1 Nov in UTC). */
export const PLACED = {
  wheels: new Date('2026-11-01T13:30:00Z'),
  card: new Date('2026-11-10T02:00:00Z'),
  beanies: new Date('2026-11-20T02:00:00Z'),
};

async function placed(result: Promise<CompleteResult>): Promise<number> {
  return (await result).orderId;
}

/**
 * The checkout fixture and a VIC dealer with three orders placed through the real checkout, so each has the lines,
 * invoice and payment a real one has:
 * - wheels: 4 × W1 for a Toyota HiLux with nuts (M1), a lock set (L1) and valves (V1), and 2 × T1; Trading Account,
 *   stock number 'STK-HILUX', order reference 'PO-ABC', invoiced
 * - card: 4 × T5 by card, stock number 'STK-CARD', payment pending
 * - beanies: 2 × G1 on the Trading Account, stock number 'STK-OTHER'
 * and a second customer with nothing ordered.
 */
export async function createOrderHistoryFixture(t: TestApp) {
  const db = t.database.db;
  const fixture = await createCheckoutFixture(db, t.clock.now);
  const address = { state: 'VIC', deliveryAddress1: '1 Trade St', deliveryCity: 'Melbourne', deliveryPostcode: '3000' };
  // Codes of their own: a random one could hold a SKU's text ('T5…') and be found by a search for that SKU.
  const dealerCustomer = await createCustomer(db, {
    ...address,
    code: 'DEALER-A',
    creditLimitCents: 10_000_000,
    termsDays: 30,
  });
  const otherCustomer = await createCustomer(db, { ...address, code: 'OTHER-B', creditLimitCents: 10_000_000 });
  await t.app.catalogue.reload();
  const dealerHeaders = bearer(await signIn(t.app, dealerCustomer.email));
  const otherHeaders = bearer(await signIn(t.app, otherCustomer.email));
  const dealer = checkoutCalls(t.app, dealerHeaders);
  const restore = t.clock.now;

  t.clock.now = PLACED.wheels;
  const wheel = (await dealer.add(fixture.wheels.w1, 4)).shoppingCart.items[0]?.id as number;
  await expectOk(dealer.post('Cart/Vehicle', { id: wheel, vehicleId: fixture.vehicles.hilux, action: 'CheckAndAdd' }));
  await expectOk(
    dealer.post('Cart/Accessories', {
      id: wheel,
      productIds: [fixture.merchandise.m1, fixture.accessories.lock, fixture.accessories.valveRubber],
    }),
  );
  await dealer.add(fixture.tyres.t1, 2);
  const wheels = await placed(
    dealer.completed({ stockNumber: 'STK-HILUX', orderNumber: 'PO-ABC', paymentMethod: 'Payments.TradingAccount' }),
  );

  t.clock.now = PLACED.card;
  await dealer.add(fixture.tyres.t5, 4);
  const card = await placed(dealer.completed({ stockNumber: 'STK-CARD', paymentMethod: 'Payments.Card' }));
  // A card order keeps its cart until the payment comes back; the next order starts from an empty one.
  await dealer.clear();

  t.clock.now = PLACED.beanies;
  await dealer.add(fixture.halfCentGst.g1, 2);
  const beanies = await placed(
    dealer.completed({ stockNumber: 'STK-OTHER', paymentMethod: 'Payments.TradingAccount' }),
  );
  t.clock.now = restore;
  return {
    fixture,
    dealerHeaders,
    otherHeaders,
    dealerEmail: dealerCustomer.email,
    otherEmail: otherCustomer.email,
    dealerAccountId: dealerCustomer.account.id,
    dealerAccount: dealerCustomer.account,
    otherAccount: otherCustomer.account,
    orders: { wheels, card, beanies },
  };
}

async function expectOk(response: Promise<{ statusCode: number; body: string }>): Promise<void> {
  const answer = await response;
  if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body}`);
}

/** GET and POST as one signed-in caller, answering status and parsed body. */
export function orderCalls(app: FastifyInstance, headers: Record<string, string>) {
  const answer = async (response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const reply = await response;
    return { status: reply.statusCode, body: reply.json() as Record<string, unknown> & object, text: reply.body };
  };
  return {
    get: (path: string) => answer(app.inject({ method: 'GET', url: `/yhi/api/${path}`, headers })),
    post: (path: string, payload: object) =>
      answer(app.inject({ method: 'POST', url: `/yhi/api/${path}`, headers, payload })),
  };
}
