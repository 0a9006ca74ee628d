import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartState } from '../../src/contract/cart';
import type { Quote } from '../../src/contract/quotes';
import { createQuoteFixture, quoteCalls } from '../support/quote-fixtures';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('a quote turned into a cart in one step, by a buyer or the owner', () => {
  let t: TestApp;
  let setup: Awaited<ReturnType<typeof createQuoteFixture>>;
  let quote: Quote;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    setup = await createQuoteFixture(t, NOW);
    quote = (
      await quoteCalls(t, setup.counter).post('Quote/Create', {
        customerName: 'Jo Walker',
        validUntil: '2026-12-01',
        lines: [
          { productId: setup.catalogue.tyres.t1, quantity: 4 },
          { productId: setup.catalogue.tyres.t2, quantity: 2 },
        ],
        services: [{ kind: 'Fitting', quantity: 4, unitCents: 2_500 }],
      })
    ).json() as Quote;
  });
  afterAll(() => t.close());

  it('adds the quote’s products to the buyer’s cart at the account’s own prices; the services stay on the quote', async () => {
    const buyer = quoteCalls(t, setup.buyer);
    const answer = await buyer.post('Quote/ToCart', { id: quote.id });
    expect(answer.statusCode, answer.body).toBe(200);
    const cart = answer.json() as CartState;
    expect(cart.items.map((item) => [item.sku, item.quantity, item.unitPriceValue])).toEqual([
      ['T1', 4, 18_000],
      ['T2', 2, 16_200],
    ]);
    expect(((await buyer.get('Cart/Get')).json() as CartState).items).toHaveLength(2);
  });

  it('refuses a counter user, who never uses the cart', async () => {
    const refused = await quoteCalls(t, setup.counter).post('Quote/ToCart', { id: quote.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('A counter user cannot do this: ask a buyer or the owner of the account.');
  });
});
