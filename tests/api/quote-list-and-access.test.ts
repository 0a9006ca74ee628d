import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote, QuoteList } from '../../src/contract/quotes';
import { createQuoteFixture, quoteCalls } from '../support/quote-fixtures';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('an account’s quotes: listed newest first, found by the customer’s name, closed to other accounts', () => {
  let t: TestApp;
  let setup: Awaited<ReturnType<typeof createQuoteFixture>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    setup = await createQuoteFixture(t, NOW);
    for (const [index, name] of ['Jo Walker', 'Sam Lee', 'Joanne Walsh'].entries()) {
      t.clock.now = new Date(NOW.getTime() + index * 60_000);
      const created = await quoteCalls(t, index === 1 ? setup.buyer : setup.counter).post('Quote/Create', {
        customerName: name,
        validUntil: '2026-12-01',
        lines: [{ productId: setup.catalogue.tyres.t1, quantity: 1 }],
      });
      expect(created.statusCode, created.body).toBe(200);
      ids[name] = (created.json() as Quote).id;
    }
  });
  afterAll(() => t.close());

  const list = async (query = '') => (await quoteCalls(t, setup.counter).get(`Quote/List${query}`)).json() as QuoteList;

  it('lists every user’s quotes of the account, newest first, numbered in order', async () => {
    const page = await list();
    expect(page.quotes.map((quote) => [quote.reference, quote.customerName])).toEqual([
      ['Q-0003', 'Joanne Walsh'],
      ['Q-0002', 'Sam Lee'],
      ['Q-0001', 'Jo Walker'],
    ]);
    expect(page).toMatchObject({ totalCount: 3, page: 1, pageSize: 20, totalPages: 1 });
  });

  it('finds quotes by any part of the customer’s name, in any case, and pages', async () => {
    expect((await list('?search=jo')).quotes.map((quote) => quote.customerName)).toEqual(['Joanne Walsh', 'Jo Walker']);
    expect((await list('?search=WALK')).quotes.map((quote) => quote.customerName)).toEqual(['Jo Walker']);
    expect((await list('?search=%25')).totalCount).toBe(0);
    const second = await list('?pageSize=2&page=2');
    expect(second.quotes.map((quote) => quote.customerName)).toEqual(['Jo Walker']);
    expect(second.totalPages).toBe(2);
  });

  it('updates and deletes a quote', async () => {
    const counter = quoteCalls(t, setup.counter);
    const updated = await counter.post('Quote/Update', {
      id: ids['Sam Lee'],
      customerName: 'Samuel Lee',
      vehicle: 'Ford Ranger',
      validUntil: '2026-12-10',
      notes: 'Fit on Saturday',
      lines: [{ productId: setup.catalogue.tyres.t1, quantity: 2 }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      reference: 'Q-0002',
      customerName: 'Samuel Lee',
      vehicle: 'Ford Ranger',
      notes: 'Fit on Saturday',
      total: { formatted: '$660.00' },
    });
    expect((await counter.post('Quote/Delete', { id: ids['Sam Lee'] })).json()).toEqual({ id: ids['Sam Lee'] });
    expect((await counter.get(`Quote/Details?id=${ids['Sam Lee']}`)).statusCode).toBe(404);
    expect((await list()).totalCount).toBe(2);
  });

  it('answers 404 to another account for every route naming the quote', async () => {
    const other = quoteCalls(t, setup.otherAccount);
    const id = ids['Jo Walker'] as number;
    expect((await other.get(`Quote/Details?id=${id}`)).statusCode).toBe(404);
    expect((await other.get(`Quote/Pdf?id=${id}`)).statusCode).toBe(404);
    expect(
      (
        await other.post('Quote/Update', {
          id,
          customerName: 'X',
          validUntil: '2026-12-01',
          services: [{ kind: 'Fitting', quantity: 1 }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.post('Quote/Delete', { id })).statusCode).toBe(404);
    expect((await other.post('Quote/ToCart', { id })).statusCode).toBe(404);
    expect(((await other.get('Quote/List')).json() as QuoteList).totalCount).toBe(0);
    expect((await quoteCalls(t, setup.counter).get(`Quote/Details?id=${id}`)).statusCode).toBe(200);
  });
});
