import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('free-text searches are answered without being cached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await createCatalogueFixture(t.database.db, NOW);
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  const entries = () => Object.fromEntries(t.app.catalogue.cacheStats().map((cache) => [cache.name, cache.entries]));
  const search = (payload: object) => t.app.inject({ method: 'POST', url: api('TyrePublic/Search'), payload });

  it('keeps no answer and no narrowing for distinct texts, and keeps both for a filter search', async () => {
    const before = entries();
    for (let n = 0; n < 20; n += 1) expect((await search({ search: `T${n}` })).statusCode).toBe(200);
    expect(entries()).toEqual(before);

    expect((await search({ diameters: [17] })).statusCode).toBe(200);
    const after = entries();
    expect(after.answers).toBe((before.answers ?? 0) + 1);
    expect(after['tyres-narrowings']).toBe((before['tyres-narrowings'] ?? 0) + 1);
  });

  it('remembers the narrowing of a range filter, which is no free text', async () => {
    const before = entries();
    const tyres = (payload: object) =>
      t.app.inject({ method: 'POST', url: api('TyrePublic/Search'), payload: { ...payload, page: 1 } });
    const wheels = (payload: object) =>
      t.app.inject({ method: 'POST', url: api('WheelPublic/Search'), payload: { ...payload, page: 1 } });
    expect((await tyres({ loadIndexMin: 100 })).statusCode).toBe(200);
    expect((await wheels({ offsetMin: 20, offsetMax: 40 })).statusCode).toBe(200);
    const after = entries();
    expect(after['tyres-narrowings']).toBe((before['tyres-narrowings'] ?? 0) + 1);
    expect(after['wheels-narrowings']).toBe((before['wheels-narrowings'] ?? 0) + 1);
  });
});
