import type { Handlers } from '../../http/handler';
import { australianStates } from './australian-states';
import { readSiteSettings } from './site-settings';

export const globalHandlers = {
  globalStates: async () => [...australianStates],
  globalSettings: async (_request, { db, config }) => readSiteSettings(db, config.seedDemoData),
} satisfies Partial<Handlers>;
