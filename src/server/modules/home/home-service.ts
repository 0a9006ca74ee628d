import { asc } from 'drizzle-orm';
import type { HomeMerchandise, Notification, PromotionBanner } from '../../../contract/home';
import { isWithinDisplayWindow } from '../../../domain/notification-window';
import type { Database } from '../../db/client';
import { homeMerchandise, notifications, promotionBanners } from '../../db/schema';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function activeNotifications(db: Database, now: Date): Promise<Notification[]> {
  const rows = await db.select().from(notifications).orderBy(asc(notifications.sortOrder), asc(notifications.id));
  return rows
    .map((row) => ({
      id: row.id,
      text: row.text,
      startDate: iso(row.startsAt),
      endDate: iso(row.endsAt),
      sortOrder: row.sortOrder,
      secondsToDisplay: row.secondsToDisplay,
      displayOnSaleIcon: row.displayOnSaleIcon,
    }))
    .filter((notification) => isWithinDisplayWindow(notification, now));
}

export async function activePromotionBanner(db: Database, now: Date): Promise<PromotionBanner | null> {
  const rows = await db
    .select()
    .from(promotionBanners)
    .orderBy(asc(promotionBanners.sortOrder), asc(promotionBanners.id));
  const banner = rows.find((row) =>
    isWithinDisplayWindow({ startDate: iso(row.startsAt), endDate: iso(row.endsAt) }, now),
  );
  if (!banner) return null;
  return {
    id: banner.id,
    picture: { imageUrl: banner.imageUrl, alternateText: banner.alternateText, title: banner.title },
    linkUrl: banner.linkUrl,
  };
}

export async function homeMerchandiseTiles(db: Database): Promise<HomeMerchandise[]> {
  const rows = await db.select().from(homeMerchandise).orderBy(asc(homeMerchandise.sortOrder), asc(homeMerchandise.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    picture: { imageUrl: row.imageUrl, alternateText: row.alternateText, title: row.title },
    linkUrl: row.linkUrl,
  }));
}
