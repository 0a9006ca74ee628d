import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeTyreResults } from '../../src/contract/catalogue-tyres';
import type { ImportJob } from '../../src/contract/imports';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import { createImportJob } from '../../src/server/modules/imports/import-jobs';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { startSecondInstance } from '../support/second-instance';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/** POST Integration/Import: a file as the body, a job that runs, and the stock it sets seen on every instance. */
describe('the import route', () => {
  let t: TestApp;
  let other: { app: FastifyInstance; close: () => Promise<void> };
  let stockKey: string;
  let pricesKey: string;
  let customer: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { IMPORT_MAX_BYTES: '2000' } });
    await createCatalogueFixture(t.database.db, NOW);
    await t.app.catalogue.reload();
    other = await startSecondInstance(t);
    stockKey = (await createIntegrationKey(t.database.db, 'stock-feed', ['stock'])).token;
    pricesKey = (await createIntegrationKey(t.database.db, 'price-feed', ['prices'])).token;
    const dealer = await createCustomer(t.database.db, { state: 'WA' });
    customer = bearer(await signIn(t.app, dealer.email));
  }, 60_000);
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const upload = (key: string, body: string, query = 'entity=stock-deltas', contentType = 'text/csv') =>
    t.app.inject({
      method: 'POST',
      url: api(`Integration/Import?${query}`),
      headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
      payload: body,
    });

  const jobOf = async (id: number): Promise<ImportJob> => {
    const response = await t.app.inject({
      method: 'GET',
      url: api(`Integration/Import?id=${id}`),
      headers: { authorization: `Bearer ${stockKey}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as ImportJob;
  };

  const ended = async (id: number): Promise<ImportJob> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const job = await jobOf(id);
      if (['done', 'failed', 'cancelled'].includes(job.state) || Date.now() > deadline) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const t5Stock = async (app: FastifyInstance) => {
    const response = await app.inject({
      method: 'POST',
      url: api('Tyre/Search'),
      headers: customer,
      payload: { search: 'T5' },
    });
    return (response.json() as TradeTyreResults).items[0]?.stockQuantity;
  };

  it('answers 202 with the queued job, runs it, and every instance shows the stock within 5 s', async () => {
    const response = await upload(stockKey, 'sku,warehouse,quantity\nT5,PERTH,31\nNOPE,PERTH,1\n');
    expect(response.statusCode).toBe(202);
    const queued = response.json() as ImportJob;
    expect(queued).toMatchObject({ entity: 'stock-deltas', mode: 'row-wise', startedBy: 'integration key stock-feed' });
    expect(response.headers.location).toBe(`/yhi/api/Integration/Import?id=${queued.id}`);

    const job = await ended(queued.id);
    expect(job).toMatchObject({ state: 'done', counts: { read: 2, created: 1, failed: 1 } });
    expect(job.errors).toEqual([{ line: 3, column: 'sku', value: 'NOPE', reason: 'no product has this SKU' }]);

    const deadline = Date.now() + 5_000;
    while ((await t5Stock(other.app)) !== 31 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await t5Stock(other.app)).toBe(31);
    expect(await t5Stock(t.app)).toBe(31);

    const errors = await t.app.inject({
      method: 'GET',
      url: api(`Integration/ImportErrors?id=${queued.id}`),
      headers: { authorization: `Bearer ${stockKey}` },
    });
    expect(errors.headers['content-type']).toMatch(/^text\/csv/);
    expect(errors.body).toBe('line,column,value,reason\r\n3,sku,NOPE,no product has this SKU');
  });

  it('takes JSON Lines, and a dry run writes nothing', async () => {
    const response = await upload(
      stockKey,
      '{"sku":"T5","warehouse":"PERTH","quantity":2}\n',
      'entity=stock-deltas&mode=dry-run',
      'application/x-ndjson',
    );
    expect(response.statusCode).toBe(202);
    const job = await ended((response.json() as ImportJob).id);
    expect(job).toMatchObject({ state: 'done', mode: 'dry-run', counts: { updated: 1 } });
    expect(await t5Stock(t.app)).toBe(31);
  });

  it('refuses a key without the stock scope (403), a user (403) and no key (401)', async () => {
    expect((await upload(pricesKey, 'sku,warehouse,quantity\n')).statusCode).toBe(403);
    const asUser = await t.app.inject({
      method: 'POST',
      url: api('Integration/Import?entity=stock'),
      headers: { ...customer, 'content-type': 'text/csv' },
      payload: 'sku,warehouse,quantity\n',
    });
    expect(asUser.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: api('Integration/Import?entity=stock'),
      headers: { 'content-type': 'text/csv' },
      payload: 'sku,warehouse,quantity\n',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an unknown entity (400), a body that is not CSV or JSON Lines (415) and a file past the bound (413)', async () => {
    expect((await upload(stockKey, 'x', 'entity=everything')).statusCode).toBe(400);
    const pdf = await upload(stockKey, 'x', 'entity=stock-deltas', 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toMatchObject({ detail: expect.stringContaining('text/csv') });
    const large = await upload(stockKey, `sku,warehouse,quantity\n${'T5,PERTH,1\n'.repeat(300)}`);
    expect(large.statusCode).toBe(413);
  });

  it('refuses a second job of an entity while one runs (409)', async () => {
    await createImportJob(
      t.database.db,
      { entity: 'stock', mode: 'row-wise', startedBy: 'test', fileName: 'held.csv', fileBytes: 1 },
      NOW,
    );
    const response = await upload(stockKey, 'sku,warehouse,quantity\nT5,PERTH,1\n', 'entity=stock');
    expect(response.statusCode).toBe(409);
  });
});
