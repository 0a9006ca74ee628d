import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../src/contract/problem';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('errors answer application/problem+json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function expectProblem(
    response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
    status: number,
  ) {
    expect(response.statusCode).toBe(status);
    expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
    const body = problemSchema.parse(response.json());
    expect(body.status).toBe(status);
    expect(body.isError).toBe(true);
    return body;
  }

  it('answers 404 for an unknown API route', async () => {
    const body = expectProblem(await t.app.inject({ method: 'GET', url: api('NoSuchThing') }), 404);
    expect(body.detail).toContain('/yhi/api/NoSuchThing');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "dealer@demo.test",',
    });
    expectProblem(response, 400);
  });

  it('answers 415 for a body of another media type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=dealer@demo.test',
    });
    expectProblem(response, 415);
  });

  it('answers 400 with one validation error per bad field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      payload: { email: 'not an email', password: '' },
    });
    const body = expectProblem(response, 400);
    expect(body.validationErrors.map((error) => error.name).sort()).toEqual(['email', 'password']);
    expect(body.validationErrors.find((error) => error.name === 'email')?.reason).toBe('Enter a valid email address');
    expect(body.errors).toHaveLength(2);
  });

  it('matches paths case-insensitively', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/YHI/API/global/states' });
    expect(response.statusCode).toBe(200);
  });

  it('hides the cause of a server failure, and /readyz reports the database down', async () => {
    const failing = await createTestApp();
    await failing.database.close();
    const response = await failing.app.inject({ method: 'GET', url: api('Home/Notifications') });
    const body = expectProblem(response, 500);
    expect(body.detail).toBe('An error has occurred');
    expect(response.body).not.toMatch(/stack|at .*\(|pglite|closed/i);
    expectProblem(await failing.app.inject({ method: 'GET', url: '/readyz' }), 503);
    await failing.app.close();
  });
});
