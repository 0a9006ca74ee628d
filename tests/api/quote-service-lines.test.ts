import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '../../src/contract/quotes';
import { createQuoteFixture, quoteCalls } from '../support/quote-fixtures';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('a quote’s fitting, balancing and disposal lines are at the shop’s own prices', () => {
  let t: TestApp;
  let setup: Awaited<ReturnType<typeof createQuoteFixture>>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    setup = await createQuoteFixture(t, NOW);
    await quoteCalls(t, setup.owner).post('Quote/Settings', {
      tradingName: 'Corner Tyres',
      abn: '51824753556',
      markupBasisPoints: null,
      servicePrices: { Fitting: 2_500, Balancing: 1_500, Disposal: 550 },
    });
  });
  afterAll(() => t.close());

  it('takes each service’s price from the settings unless the quote names one, and adds GST on the whole', async () => {
    const created = await quoteCalls(t, setup.counter).post('Quote/Create', {
      customerName: 'Sam Lee',
      validUntil: '2026-11-22',
      lines: [{ productId: setup.catalogue.tyres.t2, quantity: 2 }],
      services: [
        { kind: 'Fitting', quantity: 2 },
        { kind: 'Balancing', quantity: 2, unitCents: 1_000, description: 'Balance, alloy' },
        { kind: 'Disposal', quantity: 2 },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const quote = created.json() as Quote;
    expect(
      quote.services.map((service) => [
        service.kind,
        service.description,
        service.unitPrice.formatted,
        service.amount.cents,
      ]),
    ).toEqual([
      ['Fitting', 'Fitting', '$25.00', 5_000],
      ['Balancing', 'Balance, alloy', '$10.00', 2_000],
      ['Disposal', 'Tyre disposal', '$5.50', 1_100],
    ]);
    // T2 at RRP $250.00 × 2 = $500.00, services $81.00: $581.00, GST $58.10.
    expect([quote.subtotal.formatted, quote.gst.formatted, quote.total.formatted]).toEqual([
      '$581.00',
      '$58.10',
      '$639.10',
    ]);
  });

  it('keeps a quote of services only, and refuses one with nothing on it', async () => {
    const counter = quoteCalls(t, setup.counter);
    const servicesOnly = await counter.post('Quote/Create', {
      customerName: 'Sam Lee',
      validUntil: '2026-11-30',
      services: [{ kind: 'Balancing', quantity: 4 }],
    });
    expect((servicesOnly.json() as Quote).total.formatted).toBe('$66.00');
    const empty = await counter.post('Quote/Create', { customerName: 'Sam Lee', validUntil: '2026-11-30' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().validationErrors).toEqual([{ name: 'lines', reason: 'Add at least one product or service' }]);
  });
});
