import type { FastifyInstance } from 'fastify';
import { eventually } from './eventually';

/**
 * Waits until every app counts its rate limits in Redis. The client connects in the background after start-up, and
 * until it has, each instance counts on its own (by design: a sign-in never waits for Redis), so a test of counts
 * shared across instances starts only once they are.
 */
export async function countingInRedis(...apps: FastifyInstance[]): Promise<void> {
  await eventually(async () => apps.every((app) => app.rateLimitStore.backend() === 'redis'), 10_000);
}
