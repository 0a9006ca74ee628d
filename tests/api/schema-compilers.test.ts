import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, api, createTestApp } from '../support/test-app';

const loadedModules = () => Object.keys(createRequire(import.meta.url).cache);

describe("the server's schema compilers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("are the contract's zod ones, and Fastify's defaults (ajv, fast-json-stringify) are never loaded", async () => {
    const refused = await t.app.inject({ method: 'POST', url: api('TyrePublic/Search'), payload: { page: 'first' } });
    expect(refused.statusCode).toBe(400);
    const answered = await t.app.inject({ method: 'POST', url: api('TyrePublic/Search'), payload: { page: 1 } });
    expect(answered.statusCode).toBe(200);
    expect(loadedModules().some((file) => file.includes('/node_modules/fastify/'))).toBe(true);
    // Fastify's error serializer is a small module of fast-json-stringify's; its compiler is not loaded.
    const compilers =
      /\/node_modules\/(@fastify\/(ajv-compiler|fast-json-stringify-compiler)\/|ajv\/|fast-json-stringify\/index\.js)/;
    expect(loadedModules().filter((file) => compilers.test(file))).toEqual([]);
  });
});
