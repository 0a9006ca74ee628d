import type { Handlers } from '../../http/handler';
import { createNotification, deleteNotification, listNotifications, saveNotification } from './staff-notifications';

/** The content role's part of the back office: the notifications of customers' bar. */
export const contentHandlers = {
  staffNotifications: async (_request, { db, now }) => listNotifications(db, now()),
  staffNotificationCreate: async ({ body }, { db, staff, now }) => createNotification(db, staff().staffId, body, now()),
  staffNotificationSave: async ({ body }, { db, staff, now }) => saveNotification(db, staff().staffId, body, now()),
  staffNotificationDelete: async ({ body }, { db, staff, now }) =>
    deleteNotification(db, staff().staffId, body.id, now()),
} satisfies Partial<Handlers>;
