import type { Handlers } from '../../http/handler';
import { createNotification, deleteNotification, listNotifications, saveNotification } from './staff-notifications';
import { createDiscountCode, deleteDiscountCode, listDiscountCodes, saveDiscountCode } from './staff-discount-codes';

/** The content role's part of the back office: the notifications of customers' bar and the discount codes. */
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
} satisfies Partial<Handlers>;
