import type { Handlers } from '../../http/handler';
import { problems } from '../../http/problem';
import { recordStaffChange } from '../staff/staff-audit';
import {
  addWebhookEndpoint,
  disableWebhookEndpoint,
  listDeadDeliveries,
  listWebhookEndpoints,
  replayDeadDelivery,
} from './webhook-endpoints';

/**
 * The administrators' webhook endpoints and dead letters in the back office: the same endpoints and deliveries that
 * Integration/Webhooks and `npm run webhooks` manage, each change written to the staff audit with it.
 */
export const staffWebhookHandlers = {
  staffWebhookEndpoints: async (_request, { db }) => ({ endpoints: await listWebhookEndpoints(db) }),
  staffWebhookEndpointAdd: async ({ body }, { db, staff, now }) =>
    db.transaction(async (tx) => {
      const created = await addWebhookEndpoint(tx, {
        url: body.url,
        events: body.events,
        schemaVersions: body.schemaVersions,
        createdByKeyId: null,
      });
      await recordStaffChange(
        tx,
        staff().staffId,
        {
          action: 'webhook-endpoint.added',
          subjectType: 'webhook-endpoint',
          subjectRef: String(created.id),
          before: null,
          after: { url: created.url, events: created.events, schemaVersions: created.schemaVersions },
        },
        now(),
      );
      return created;
    }),
  staffWebhookEndpointDisable: async ({ body }, { db, staff, now }) =>
    db.transaction(async (tx) => {
      const endpoint = await disableWebhookEndpoint(tx, body.id);
      if (!endpoint) throw problems.notFound(`There is no webhook endpoint ${body.id}.`);
      await recordStaffChange(
        tx,
        staff().staffId,
        {
          action: 'webhook-endpoint.disabled',
          subjectType: 'webhook-endpoint',
          subjectRef: String(endpoint.id),
          before: { active: true },
          after: { active: false },
        },
        now(),
      );
      return endpoint;
    }),
  staffWebhookDeadDeliveries: async (_request, { db }) => ({ deliveries: await listDeadDeliveries(db) }),
  staffWebhookReplay: async ({ body }, { db, staff, now }) =>
    db.transaction(async (tx) => {
      const replayed = await replayDeadDelivery(tx, body.deliveryId, now());
      if (!replayed) throw problems.notFound(`There is no dead webhook delivery ${body.deliveryId}.`);
      await recordStaffChange(
        tx,
        staff().staffId,
        {
          action: 'webhook-delivery.replayed',
          subjectType: 'webhook-delivery',
          subjectRef: String(replayed.deliveryId),
          before: { state: 'dead' },
          after: { state: replayed.state },
        },
        now(),
      );
      return replayed;
    }),
} satisfies Partial<Handlers>;
