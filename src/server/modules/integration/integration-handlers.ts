import type { Handlers } from '../../http/handler';
import { integrationKeyInfo } from './integration-keys';

export const integrationHandlers = {
  integrationKey: async (_request, { db, integrationCaller }) => integrationKeyInfo(db, integrationCaller().keyId),
} satisfies Partial<Handlers>;
