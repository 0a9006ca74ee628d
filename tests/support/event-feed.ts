import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { EventFeed, IntegrationEvent } from '../../src/contract/events';
import { eventually } from './eventually';
import { api } from './test-app';

/** The feed's first page of up to 500 events, oldest first, read with an integration key that has the events scope. */
export async function feedEvents(app: FastifyInstance, key: string): Promise<IntegrationEvent[]> {
  const response = await app.inject({
    method: 'GET',
    url: api('Integration/Events?limit=500'),
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as EventFeed).events;
}

/**
 * The events `pick` chooses, once at least `count` of them show: the feed holds back events while an older
 * transaction on the server is still running.
 */
export async function eventsOnce(
  app: FastifyInstance,
  key: string,
  pick: (event: IntegrationEvent) => boolean,
  count: number,
): Promise<IntegrationEvent[]> {
  const picked = async () => (await feedEvents(app, key)).filter(pick);
  await eventually(async () => (await picked()).length >= count);
  return picked();
}
