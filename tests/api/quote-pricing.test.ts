import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote, QuoteList } from '../../src/contract/quotes';
import { pdfText } from '../support/pdf-text';
import { SHOP_ABN, createQuoteFixture, quoteCalls } from '../support/quote-fixtures';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/** T1's trade price for the shop ($180.00 after its Gold tier) and its base trade price ($200.00), in any form. */
const TRADE_FIGURES = [/[:[,]18000[,}\]]/, /[:[,]20000[,}\]]/, /\$180\.00/, /\$200\.00/, /discount/i, /tier/i];

function expectNoTradeFigure(text: string) {
  for (const figure of TRADE_FIGURES) expect(text).not.toMatch(figure);
}

describe('a quote is priced at RRP, or at trade with the owner’s markup, and never shows a trade figure', () => {
  let t: TestApp;
  let setup: Awaited<ReturnType<typeof createQuoteFixture>>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    setup = await createQuoteFixture(t, NOW);
  });
  afterAll(() => t.close());

  const body = () => ({
    customerName: 'Jo Walker',
    vehicle: 'Toyota HiLux 2019',
    validUntil: '2026-12-06',
    lines: [{ productId: setup.catalogue.tyres.t1, quantity: 4 }],
  });

  it('prices a counter user’s quote at RRP, and no answer of the quote routes carries a trade figure', async () => {
    const counter = quoteCalls(t, setup.counter);
    const created = await counter.post('Quote/Create', body());
    expect(created.statusCode, created.body).toBe(200);
    const quote = created.json() as Quote;
    expect(quote).toMatchObject({
      number: 1,
      reference: 'Q-0001',
      customerName: 'Jo Walker',
      vehicle: 'Toyota HiLux 2019',
      validUntil: '2026-12-06',
      createdBy: setup.counterName,
      shop: { tradingName: 'Corner Tyres', abn: null },
      subtotal: { cents: 120_000, formatted: '$1,200.00' },
      gst: { cents: 12_000, formatted: '$120.00' },
      total: { cents: 132_000, formatted: '$1,320.00' },
    });
    expect(quote.lines).toEqual([
      {
        id: quote.lines[0]?.id,
        productId: setup.catalogue.tyres.t1,
        sku: 'T1',
        name: 'Alpha Road One 265/65R17 112H',
        quantity: 4,
        unitPrice: { cents: 30_000, formatted: '$300.00' },
        amount: { cents: 120_000, formatted: '$1,200.00' },
      },
    ]);
    const details = await counter.get(`Quote/Details?id=${quote.id}`);
    const list = await counter.get('Quote/List');
    const pdf = await counter.get(`Quote/Pdf?id=${quote.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const words = pdfText(pdf.rawPayload);
    expect(words).toContain('Corner Tyres');
    expect(words).toContain('Jo Walker');
    expect(words).toContain('$1,320.00');
    for (const answer of [created.body, details.body, list.body, words]) expectNoTradeFigure(answer);
    expect((list.json() as QuoteList).quotes.map((entry) => entry.total.formatted)).toEqual(['$1,320.00']);
  });

  it('prices at the account’s own price with the owner’s markup, and shows the shop’s name and ABN', async () => {
    const settings = await quoteCalls(t, setup.owner).post('Quote/Settings', {
      tradingName: 'Corner Tyres Pty Ltd',
      abn: '51 824 753 556',
      markupBasisPoints: 2_500,
      servicePrices: { Fitting: 2_500, Balancing: 1_500, Disposal: 500 },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const counter = quoteCalls(t, setup.counter);
    const quote = (await counter.post('Quote/Create', body())).json() as Quote;
    // $180.00 with 25% on it.
    expect(quote.lines[0]?.unitPrice).toEqual({ cents: 22_500, formatted: '$225.00' });
    expect(quote.shop).toEqual({ tradingName: 'Corner Tyres Pty Ltd', abn: SHOP_ABN });
    const words = pdfText((await counter.get(`Quote/Pdf?id=${quote.id}`)).rawPayload);
    expect(words).toContain('Corner Tyres Pty Ltd');
    expect(words).toContain(`ABN ${SHOP_ABN}`);
    expect(words).toContain('$225.00');
    expectNoTradeFigure(words);
    expectNoTradeFigure(JSON.stringify(quote));
  });

  it('lets only the owner read or change the quoting settings, and refuses a bad ABN or a 0% markup', async () => {
    for (const headers of [setup.counter, setup.buyer]) {
      expect((await quoteCalls(t, headers).get('Quote/Settings')).statusCode).toBe(403);
    }
    const refused = await quoteCalls(t, setup.owner).post('Quote/Settings', {
      tradingName: 'Corner Tyres',
      abn: '51 824 753 557',
      servicePrices: { Fitting: 0, Balancing: 0, Disposal: 0 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().validationErrors).toEqual([
      { name: 'abn', reason: 'This ABN is not valid: check the digits' },
    ]);
    const atTrade = await quoteCalls(t, setup.owner).post('Quote/Settings', {
      tradingName: 'Corner Tyres',
      abn: SHOP_ABN,
      markupBasisPoints: 0,
      servicePrices: { Fitting: 0, Balancing: 0, Disposal: 0 },
    });
    expect(atTrade.json().validationErrors).toEqual([
      { name: 'markupBasisPoints', reason: 'Use a markup above 0%, or none to quote at RRP' },
    ]);
  });

  it('refuses a quote valid until a day already past, and a product not in the catalogue', async () => {
    const counter = quoteCalls(t, setup.counter);
    const past = await counter.post('Quote/Create', { ...body(), validUntil: '2026-11-21' });
    expect(past.statusCode).toBe(400);
    expect(past.json().validationErrors).toEqual([
      { name: 'validUntil', reason: 'A quote must be valid until today or later.' },
    ]);
    const unknown = await counter.post('Quote/Create', { ...body(), lines: [{ productId: 999_999, quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
  });
});
