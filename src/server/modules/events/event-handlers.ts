import type { Handlers } from '../../http/handler';
import { requireScope } from '../integration/integration-caller';
import { readEventFeed } from './outbox';

export const eventHandlers = {
  integrationEvents: async ({ query }, { db, integrationCaller }) => {
    requireScope(integrationCaller(), 'events');
    return readEventFeed(db, query.after, query.limit, query.schemaVersions ?? {});
  },
} satisfies Partial<Handlers>;
