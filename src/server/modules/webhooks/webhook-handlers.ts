import type { Handlers } from '../../http/handler';
import { problems } from '../../http/problem';
import { requireScope } from '../integration/integration-caller';
import {
  addWebhookEndpoint,
  disableWebhookEndpoint,
  listDeadDeliveries,
  listWebhookEndpoints,
  replayDeadDelivery,
} from './webhook-endpoints';

export const webhookHandlers = {
  integrationWebhookAdd: async ({ body }, { db, integrationCaller }) => {
    const caller = integrationCaller();
    requireScope(caller, 'webhooks');
    return addWebhookEndpoint(db, {
      url: body.url,
      events: body.events,
      schemaVersions: body.schemaVersions,
      createdByKeyId: caller.keyId,
    });
  },
  integrationWebhookList: async (_, { db, integrationCaller }) => {
    requireScope(integrationCaller(), 'webhooks');
    return { endpoints: await listWebhookEndpoints(db) };
  },
  integrationWebhookDisable: async ({ body }, { db, integrationCaller }) => {
    requireScope(integrationCaller(), 'webhooks');
    const endpoint = await disableWebhookEndpoint(db, body.id);
    if (!endpoint) throw problems.notFound(`There is no webhook endpoint ${body.id}.`);
    return endpoint;
  },
  integrationWebhookDeadLetters: async (_, { db, integrationCaller }) => {
    requireScope(integrationCaller(), 'webhooks');
    return { deliveries: await listDeadDeliveries(db) };
  },
  integrationWebhookReplay: async ({ body }, { db, integrationCaller, now }) => {
    requireScope(integrationCaller(), 'webhooks');
    const replayed = await replayDeadDelivery(db, body.deliveryId, now());
    if (!replayed) throw problems.notFound(`There is no dead webhook delivery ${body.deliveryId}.`);
    return replayed;
  },
} satisfies Partial<Handlers>;
