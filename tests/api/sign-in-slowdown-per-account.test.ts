import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { TOO_MANY_ATTEMPTS } from '../../src/server/modules/auth/auth-rate-limits';
import { type TestApp, api, createTestApp, testConfig } from '../support/test-app';
import { countingInRedis } from '../support/redis-counting';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Two failures per account from all addresses, then the slowdown; addresses are not the limit here. */
const LIMITS = { AUTH_RATE_LIMIT_PER_ACCOUNT: '2', AUTH_RATE_LIMIT_PER_ADDRESS: '1000' };
/** Timers may fire a little before the millisecond a wall clock reads; the slowdown is a whole second per turn. */
const TIMER_SLACK_MS = 20;

let lastOctet = 0;
/** A fresh address for every guess: one guesser spread over many machines. */
const address = () => `198.51.${Math.floor(lastOctet / 250)}.${(lastOctet++ % 250) + 1}`;

const guess = (app: FastifyInstance, email: string) =>
  app.inject({
    method: 'POST',
    url: api('Authenticate/Login'),
    remoteAddress: address(),
    payload: { email, password: 'wrong-guess' },
  });

/** Sends the guesses at once; answers each one's status and milliseconds until it was answered, soonest first. */
async function guessesAtOnce(apps: readonly FastifyInstance[], email: string, count: number) {
  const start = performance.now();
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const response = await guess(apps[index % apps.length] as FastifyInstance, email);
      return { status: response.statusCode, after: performance.now() - start, body: response.body };
    }),
  );
  return answers.sort((a, b) => a.after - b.after);
}

/** The account has seen its share of failures (two, one after the other): from here on attempts are slowed. */
async function exhaust(app: FastifyInstance, email: string) {
  for (let failure = 0; failure < 2; failure += 1) expect((await guess(app, email)).statusCode).toBe(400);
}

describe('failed sign-ins for one account take turns, one a second, from every address together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: LIMITS });
  });
  afterAll(() => t.close());

  it('answers guesses sent at once a second apart, and refuses those past ten seconds of waiting', async () => {
    const email = `guessed-${randomUUID()}@fixture.test`;
    await exhaust(t.app, email);
    const answers = await guessesAtOnce([t.app], email, 12);
    const refused = answers.filter((answer) => answer.status === 429);
    const tried = answers.filter((answer) => answer.status !== 429);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(JSON.parse(answer.body)).toMatchObject({ detail: TOO_MANY_ATTEMPTS });
      expect(answer.after).toBeLessThan(1_000);
    }
    expect(tried.map((answer) => answer.status)).toEqual(Array(10).fill(400));
    tried.forEach((answer, turn) => expect(answer.after).toBeGreaterThanOrEqual((turn + 1) * 1_000 - TIMER_SLACK_MS));
  }, 60_000);
});

describe('the turns are shared by every instance through Redis', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    const env = { ...LIMITS, REDIS_URL };
    t = await createTestApp({ env });
    second = await buildApp(testConfig(env), { database: t.database, now: () => t.clock.now });
    await second.ready();
    await countingInRedis(t.app, second);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('spaces guesses a second apart however they are spread over the instances', async () => {
    // Redis outlives the test: an email of this run's own keeps earlier runs' counts and turns out of it.
    const email = `guessed-${randomUUID()}@fixture.test`;
    await exhaust(t.app, email);
    const answers = await guessesAtOnce([t.app, second], email, 6);
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(400));
    answers.forEach((answer, turn) => expect(answer.after).toBeGreaterThanOrEqual((turn + 1) * 1_000 - TIMER_SLACK_MS));
  }, 60_000);
});
