import { z } from 'zod';
import { defineRoute } from './route';

const isoDateTime = z.iso.datetime({ offset: true });

export const notificationSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  startDate: isoDateTime.nullable(),
  endDate: isoDateTime.nullable(),
  sortOrder: z.number().int(),
  secondsToDisplay: z.number().int().positive().nullable(),
  displayOnSaleIcon: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const pictureSchema = z.object({
  imageUrl: z.string(),
  alternateText: z.string(),
  title: z.string(),
});
export type Picture = z.infer<typeof pictureSchema>;

export const promotionBannerSchema = z.object({
  id: z.number().int(),
  picture: pictureSchema,
  linkUrl: z.string(),
});
export type PromotionBanner = z.infer<typeof promotionBannerSchema>;

export const homeMerchandiseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  picture: pictureSchema,
  linkUrl: z.string(),
});
export type HomeMerchandise = z.infer<typeof homeMerchandiseSchema>;

export const homeRoutes = {
  homeNotifications: defineRoute({
    method: 'GET',
    path: 'Home/Notifications',
    access: 'public',
    tag: 'Home',
    summary: 'Notifications active now (open ends allowed), by sortOrder',
    response: z.array(notificationSchema),
  }),
  homePromotionBanner: defineRoute({
    method: 'GET',
    path: 'Home/PromotionBanner',
    access: 'public',
    tag: 'Home',
    summary: 'The promotion banner of the home page, if one is active',
    response: promotionBannerSchema.nullable(),
  }),
  homeMerchandise: defineRoute({
    method: 'GET',
    path: 'Home/Merchandise',
    access: 'public',
    tag: 'Home',
    summary: 'Merchandise tiles of the home page',
    response: z.array(homeMerchandiseSchema),
  }),
};
