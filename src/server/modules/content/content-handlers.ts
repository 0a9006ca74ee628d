import type { Handlers } from '../../http/handler';
import { createNotification, deleteNotification, listNotifications, saveNotification } from './staff-notifications';
import { pictureStorageOf } from '../../integrations/storage/picture-storage';
import {
  clearPromotionBanner,
  deleteHomeTile,
  listHomeTiles,
  promotionBannerOf,
  saveHomeTile,
  savePromotionBanner,
  storeHomePicture,
} from './staff-home-content';
import { createDiscountCode, deleteDiscountCode, listDiscountCodes, saveDiscountCode } from './staff-discount-codes';

/**
 * The content role's part of the back office: the notifications of customers' bar, the discount codes, and the home
 * page's promotion banner and merchandise tiles.
 */
export const contentHandlers = {
  staffNotifications: async (_request, { db, now }) => listNotifications(db, now()),
  staffNotificationCreate: async ({ body }, { db, staff, now }) => createNotification(db, staff().staffId, body, now()),
  staffNotificationSave: async ({ body }, { db, staff, now }) => saveNotification(db, staff().staffId, body, now()),
  staffNotificationDelete: async ({ body }, { db, staff, now }) =>
    deleteNotification(db, staff().staffId, body.id, now()),
  staffDiscountCodes: async (_request, { db, now }) => listDiscountCodes(db, now()),
  staffDiscountCodeCreate: async ({ body }, { db, staff, now }) => createDiscountCode(db, staff().staffId, body, now()),
  staffDiscountCodeSave: async ({ body }, { db, staff, now }) => saveDiscountCode(db, staff().staffId, body, now()),
  staffDiscountCodeDelete: async ({ body }, { db, staff, now }) =>
    deleteDiscountCode(db, staff().staffId, body.code, now()),
  staffPromotionBanner: async (_request, { db, now }) => promotionBannerOf(db, now()),
  staffPromotionBannerSave: async ({ body }, { db, staff, now }) =>
    savePromotionBanner(db, staff().staffId, body, now()),
  staffPromotionBannerClear: async (_request, { db, staff, now }) => clearPromotionBanner(db, staff().staffId, now()),
  staffHomeTiles: async (_request, { db }) => listHomeTiles(db),
  staffHomeTileSave: async ({ body }, { db, staff, now }) => saveHomeTile(db, staff().staffId, body, now()),
  staffHomeTileDelete: async ({ body }, { db, staff, now }) => deleteHomeTile(db, staff().staffId, body.id, now()),
  staffHomePicture: async ({ body }, { config }) => storeHomePicture(pictureStorageOf(config), body.content),
} satisfies Partial<Handlers>;
