import { z } from 'zod';
import { notificationSchema } from './home';
import { bodyId } from './ids';
import { defineRoute } from './route';

export const NOTIFICATION_TEXT_MAX = 300;
export const SORT_ORDER_MAX = 9_999;
export const SECONDS_TO_DISPLAY_MAX = 120;

/** An open end is null; a set one is an instant with its offset, so the window means the same in every time zone. */
const windowEnd = (what: string) =>
  z.iso.datetime({ offset: true, error: `Enter the ${what} as a date and time with its offset` }).nullable();

/** What content staff set on a notification of the bar (SPEC.md, Notification bar). */
const notificationFieldsShape = {
  text: z
    .string({ error: 'Enter the text' })
    .trim()
    .min(1, 'Enter the text')
    .max(NOTIFICATION_TEXT_MAX, `Use at most ${NOTIFICATION_TEXT_MAX} characters`),
  /** Shown from this instant; null shows it from now on. */
  startDate: windowEnd('start'),
  /** Shown until this instant; null shows it until it is deleted. */
  endDate: windowEnd('end'),
  /** The bar shows the lowest first. */
  sortOrder: z
    .int({ error: 'Enter a whole number' })
    .min(0, 'Use 0 or more')
    .max(SORT_ORDER_MAX, `Use at most ${SORT_ORDER_MAX}`),
  /** How long the bar shows it before the next; null for the bar's default of 5 seconds. */
  secondsToDisplay: z
    .int({ error: 'Enter a whole number of seconds' })
    .min(1, 'Show it for at least 1 second')
    .max(SECONDS_TO_DISPLAY_MAX, `Show it for at most ${SECONDS_TO_DISPLAY_MAX} seconds`)
    .nullable(),
  displayOnSaleIcon: z.boolean(),
};

/** A window that ends before it starts would never show: refused on the end date, where staff correct it. */
function endAfterStart(fields: { startDate: string | null; endDate: string | null }, context: z.RefinementCtx) {
  if (fields.startDate === null || fields.endDate === null) return;
  if (Date.parse(fields.endDate) <= Date.parse(fields.startDate)) {
    context.addIssue({ code: 'custom', path: ['endDate'], message: 'End after the start' });
  }
}

export const staffNotificationFieldsSchema = z.object(notificationFieldsShape).superRefine(endAfterStart);
export type StaffNotificationFields = z.output<typeof staffNotificationFieldsSchema>;

export const staffNotificationSaveSchema = z
  .object({ id: bodyId, ...notificationFieldsShape })
  .superRefine(endAfterStart);

export const staffNotificationSchema = notificationSchema.extend({
  /** Whether customers' bar shows it now: started (or open) and not yet ended. */
  showingNow: z.boolean(),
});
export type StaffNotification = z.infer<typeof staffNotificationSchema>;

const CONTENT = ['content'] as const;

export const staffContentRoutes = {
  staffNotifications: defineRoute({
    method: 'GET',
    path: 'Staff/Notifications',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: "Every notification of the bar, past, showing and to come, by sortOrder, with whether it's showing now",
    response: z.array(staffNotificationSchema),
  }),
  staffNotificationCreate: defineRoute({
    method: 'POST',
    path: 'Staff/Notifications',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: "Schedules a notification for signed-in customers' bar; they see it within 5 s of its start",
    body: staffNotificationFieldsSchema,
    response: staffNotificationSchema,
  }),
  staffNotificationSave: defineRoute({
    method: 'POST',
    path: 'Staff/NotificationSave',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: 'Saves a notification, by id (404 when there is none)',
    body: staffNotificationSaveSchema,
    response: staffNotificationSchema,
  }),
  staffNotificationDelete: defineRoute({
    method: 'POST',
    path: 'Staff/NotificationDelete',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: 'Deletes a notification, by id (404 when there is none); the bar drops it within 5 s',
    body: z.object({ id: bodyId }),
    response: z.object({ id: z.int() }),
  }),
};
