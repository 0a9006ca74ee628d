import type { Handlers } from '../../http/handler';
import { activeNotifications, activePromotionBanner, homeMerchandiseTiles } from './home-service';

export const homeHandlers = {
  homeNotifications: async (_request, { db, now }) => activeNotifications(db, now()),
  homePromotionBanner: async (_request, { db, now }) => activePromotionBanner(db, now()),
  homeMerchandise: async (_request, { db }) => homeMerchandiseTiles(db),
} satisfies Partial<Handlers>;
