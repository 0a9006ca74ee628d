import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WheelDefinitions } from '../../src/contract/catalogue-vehicles';
import type { PublicWheelResults } from '../../src/contract/catalogue-wheels';
import { vehicleMakes } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { startSecondInstance } from '../support/second-instance';
import { projectDir } from '../support/shop-process';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const SAMPLE = readFileSync(path.join(projectDir, 'docs', 'integration', 'samples', 'vehicles.csv'), 'utf8');
const HEADER =
  'make,model,series,year_from,year_to,pcd,centre_bore,thread,fastener,offset_min,offset_max,diameter_min,diameter_max,width_min,width_max,tpms,tyre_sizes';

/** Vehicles by make, model and series: their wheel fitment and the tyre sizes they came with. */
describe('importing vehicles', () => {
  let t: TestApp;
  let other: { app: FastifyInstance; close: () => Promise<void> };
  let importFile: FileImporter;
  let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCatalogueFixture(t.database.db, NOW);
    await t.app.catalogue.reload();
    other = await startSecondInstance(t);
    importFile = await createFileImporter(t, NOW);
  }, 60_000);
  afterAll(async () => {
    await importFile.dispose();
    await other.close();
    await t.close();
  });

  const get = async <T>(url: string, app: FastifyInstance = t.app): Promise<T> => {
    const response = await app.inject({ method: 'GET', url: api(url) });
    expect(response.statusCode).toBe(200);
    return response.json() as T;
  };
  const makes = () => get<{ key: number; label: string }[]>('Vehicle/Makes');
  const models = (makeId: number) =>
    get<{ key: string; series: { key: number; label: string; years: string }[] }[]>(`Vehicle/Models?makeId=${makeId}`);
  const seriesId = async (make: string, model: string, series: string) => {
    const makeId = (await makes()).find((option) => option.label === make)?.key;
    if (makeId === undefined) throw new Error(`no make ${make}`);
    const found = (await models(makeId)).find((option) => option.key === model)?.series.find((s) => s.label === series);
    if (!found) throw new Error(`no ${make} ${model} ${series}`);
    return found;
  };
  const tyreSizes = async (vehicleId: number) =>
    (
      await get<{
        definitions: { front: { display: string }; rear: { display: string } | null; isOriginal: boolean }[];
      }>(`Vehicle/TyreDefinitions?vehicleId=${vehicleId}`)
    ).definitions.map((d) => [d.front.display, d.rear?.display ?? null, d.isOriginal]);

  it('imports the sample: updates a known vehicle in place, creates the others and a new make; again, nothing changes', async () => {
    const { job, refused } = await importFile('vehicles', SAMPLE);
    expect(refused).toEqual([]);
    expect(job).toMatchObject({ state: 'done', counts: { read: 3, created: 2, updated: 1, unchanged: 0, failed: 0 } });

    const hilux = await seriesId('Toyota', 'HiLux', 'N80 SR5 4x4');
    expect(hilux.key).toBe(fixture.vehicles.hilux);
    expect(await tyreSizes(hilux.key)).toEqual([
      ['265/65R17', null, true],
      ['265/60R18', null, true],
    ]);
    const mustang = await seriesId('Ford', 'Mustang', 'S650 GT');
    expect(mustang.years).toBe('2024-on');
    expect(await tyreSizes(mustang.key)).toEqual([['255/40R19', '275/40R19', true]]);
    expect((await makes()).map((make) => make.label)).toEqual(['Ford', 'Suzuki', 'Toyota']);
    const jimny = await seriesId('Suzuki', 'Jimny', 'JB74 GLX');
    expect(await get<WheelDefinitions>(`Vehicle/WheelDefinitions?vehicleId=${jimny.key}`)).toMatchObject({
      pcd: '5x139.7',
      centreBore: 108.1,
      thread: 'M12x1.25',
      fastener: 'Nut',
      offsetMin: -25,
      offsetMax: 5,
      diameters: [15, 16, 17],
      widthMin: 5.5,
      widthMax: 7,
      hasTpms: true,
    });

    const again = await importFile('vehicles', SAMPLE);
    expect(again.job.counts).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 0 });
  });

  it('an imported vehicle is found by the vehicle search and its wheels search uses its fitment; a re-import replaces its sizes', async () => {
    const row = 'ISUZU,D-Max,RG LS-U,2020,,6X139.7,106.1,m12x1.5,Nut,-10,40,17,20,7,9,N,265/60R18 LT265/65R17';
    const { job } = await importFile('vehicles', `${HEADER}\n${row}\n`);
    expect(job.counts).toMatchObject({ created: 1, failed: 0 });
    const dmax = await seriesId('ISUZU', 'D-Max', 'RG LS-U');
    expect(dmax.years).toBe('2020-on');
    // Vehicles are read from the database on every request: another instance answers with the import at once.
    const isuzu = (await get<{ key: number; label: string }[]>('Vehicle/Makes', other.app)).find(
      (make) => make.label === 'ISUZU',
    );
    expect(await get(`Vehicle/Models?makeId=${isuzu?.key}`, other.app)).toEqual([
      { key: 'D-Max', label: 'D-Max', series: [{ key: dmax.key, label: 'RG LS-U', years: '2020-on' }] },
    ]);

    const fitment = await get<WheelDefinitions>(`Vehicle/WheelDefinitions?vehicleId=${dmax.key}`);
    expect(fitment).toMatchObject({ pcd: '6x139.7', thread: 'M12x1.5', diameters: [17, 18, 19, 20], hasTpms: false });
    // The wheel page searches by what the vehicle takes: its bolt pattern, rim sizes and offsets (W3, at -12, is out).
    const response = await t.app.inject({
      method: 'POST',
      url: api('WheelPublic/Search'),
      payload: {
        pcds: [fitment.pcd],
        sizes: fitment.diameters,
        offsetMin: fitment.offsetMin,
        offsetMax: fitment.offsetMax,
      },
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as PublicWheelResults).items.map((wheel) => wheel.sku)).toEqual(['W1']);

    const resized = await importFile('vehicles', `${HEADER}\n${row.replace(/[^,]*$/, 'F 255/55R19 R 275/50R19')}\n`);
    expect(resized.job.counts).toMatchObject({ updated: 1 });
    expect(await tyreSizes(dmax.key)).toEqual([['255/55R19', '275/50R19', true]]);
  });

  it('names each refused row by its line, column and reason; a make is matched in any case', async () => {
    const good = 'ford,Ranger,PY Wildtrak,2022,,6x139.7,93.1,M12x1.5,nut,-20,40,17,20,7,9,yes,255/60R20';
    const cells = (changes: Record<number, string>) =>
      good
        .split(',')
        .map((cell, index) => changes[index] ?? cell)
        .join(',');
    const file = [
      HEADER,
      cells({ 1: 'A', 4: '2019' }),
      cells({ 1: 'B', 5: '6-139.7' }),
      cells({ 1: 'C', 8: 'stud' }),
      cells({ 1: 'D', 10: '-30' }),
      cells({ 1: 'E', 15: 'maybe' }),
      cells({ 1: 'F', 16: 'F 245/40R19 275/35R19' }),
      cells({ 1: 'G', 7: '12mm' }),
      good,
      good,
      cells({ 1: 'H', 6: '106.15' }),
      cells({ 1: 'I', 16: '' }),
      '',
    ].join('\n');
    const { job, refused } = await importFile('vehicles', file);
    expect(refused).toEqual([
      'line 2: year_to: is before year_from',
      'line 3: pcd: is not a bolt pattern such as 6x139.7',
      "line 4: fastener: is not 'nut' or 'bolt'",
      'line 5: offset_max: is less than offset_min',
      'line 6: tpms: is not yes or no',
      "line 7: tyre_sizes: 'F 245/40R19 275/35R19' is not a size such as 265/65R17, or F 245/40R19 R 275/35R19 when staggered",
      'line 8: thread: is not a stud thread such as M12x1.5 or 1/2 UNF',
      'line 10: series: line 9 gives this vehicle',
      'line 11: centre_bore: is not a number with at most one decimal place',
      'line 12: tyre_sizes: is empty',
    ]);
    expect(job.counts).toMatchObject({ read: 11, created: 1, failed: 10 });
    expect((await makes()).filter((make) => make.label.toUpperCase() === 'FORD')).toEqual([
      { key: fixture.makes.ford, label: 'Ford' },
    ]);
    expect((await seriesId('Ford', 'Ranger', 'PY Wildtrak')).years).toBe('2022-on');
  });

  it('retires a vehicle with active false: gone from the pickers, its make with it, still read by a link; true brings it back', async () => {
    const row = 'Saab,9-3,YS3F Aero,2003,2011,5x110,65.1,M12x1.5,Bolt,35,45,16,18,6.5,8,N,225/45R17';
    await importFile(
      'vehicles',
      `${HEADER}
${row}
`,
    );
    const saab = await seriesId('Saab', '9-3', 'YS3F Aero');

    const retired = await importFile(
      'vehicles',
      `${HEADER},active
${row},false
`,
    );
    expect(retired.job.counts).toMatchObject({ updated: 1, failed: 0 });
    expect((await makes()).map((make) => make.label)).not.toContain('Saab');
    const makeId = (await t.database.db.select().from(vehicleMakes).where(eq(vehicleMakes.name, 'Saab')))[0]?.id;
    expect(await models(makeId ?? 0)).toEqual([]);
    expect(await get<WheelDefinitions>(`Vehicle/WheelDefinitions?vehicleId=${saab.key}`)).toMatchObject({
      pcd: '5x110',
    });

    // A file without the column leaves the vehicle retired.
    expect(
      (
        await importFile(
          'vehicles',
          `${HEADER}
${row}
`,
        )
      ).job.counts,
    ).toMatchObject({ unchanged: 1 });
    expect((await makes()).map((make) => make.label)).not.toContain('Saab');

    await importFile(
      'vehicles',
      `${HEADER},active
${row},true
`,
    );
    expect((await seriesId('Saab', '9-3', 'YS3F Aero')).key).toBe(saab.key);
  });
});
