import type { Handlers } from '../../http/handler';
import { activeNotifications, activePromotionBanner, homeMerchandiseTiles } from './home-service';

export const homeHandlers = {
  /**
   * Freshness bound: a notification content staff create, edit or delete is answered by every instance within 5 s
   * (in fact from the next request). Several instances share one database and none announces a change to the others,
   * so nothing here may be kept in memory; and no browser or proxy may keep the answer either, hence `no-store` said
   * here rather than left to the API-wide default. In the browser the bar's query goes stale after 5 s
   * (web/api/queries/home.ts), so a page loaded or refocused asks again.
   */
  homeNotifications: async (_request, { db, now, reply }) => {
    reply.header('cache-control', 'no-store');
    return activeNotifications(db, now());
  },
  /** The same bound, for the same reasons, for the banner and tiles content staff change (Staff/PromotionBanner). */
  homePromotionBanner: async (_request, { db, now, reply }) => {
    reply.header('cache-control', 'no-store');
    return activePromotionBanner(db, now());
  },
  homeMerchandise: async (_request, { db, reply }) => {
    reply.header('cache-control', 'no-store');
    return homeMerchandiseTiles(db);
  },
} satisfies Partial<Handlers>;
