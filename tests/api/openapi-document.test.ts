import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('OpenAPI document and reference page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('documents every route of the contract with its schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('docs/json') });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    for (const definition of Object.values(routes)) {
      const operation = document.paths[`/yhi/api/${definition.path}`]?.[definition.method.toLowerCase()];
      expect(operation, `${definition.method} ${definition.path}`).toBeDefined();
    }
    const login = document.paths['/yhi/api/Authenticate/Login']?.post as {
      requestBody: unknown;
      responses: Record<string, unknown>;
    };
    expect(JSON.stringify(login.requestBody)).toContain('password');
    expect(login.responses['200']).toBeDefined();
  });

  it('serves the reference page', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('docs/') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});
