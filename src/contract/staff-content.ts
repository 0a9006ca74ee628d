import { z } from 'zod';
import { normalDiscountCode } from '../domain/discount-code';
import { notificationSchema } from './home';
import { DATABASE_ID_MAX, bodyId } from './ids';
import { defineRoute } from './route';

export const NOTIFICATION_TEXT_MAX = 300;
export const SORT_ORDER_MAX = 9_999;
export const SECONDS_TO_DISPLAY_MAX = 120;

/** An open end is null; a set one is an instant with its offset, so the window means the same in every time zone. */
export const windowEnd = (what: string) =>
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
export function endAfterStart(fields: { startDate: string | null; endDate: string | null }, context: z.RefinementCtx) {
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

export const DISCOUNT_CODE_MAX = 50;
export const DISCOUNT_LABEL_MAX = 100;

/** A use limit: a positive whole number that fits the database's integer, or null for no limit. */
const useLimit = z
  .int({ error: 'Enter a whole number, or leave it empty for no limit' })
  .min(1, 'Use 1 or more, or leave it empty for no limit')
  .max(DATABASE_ID_MAX, 'Use a smaller number')
  .nullable();

/** What content staff set on a discount code besides the code itself (DESIGN.md §5, discount codes). */
const discountCodeSettingsShape = {
  /** What the cart and the order show beside the discount, e.g. 'Summer 10% off'. */
  label: z
    .string({ error: 'Enter the label' })
    .trim()
    .min(1, 'Enter the label')
    .max(DISCOUNT_LABEL_MAX, `Use at most ${DISCOUNT_LABEL_MAX} characters`),
  /**
   * Off the order's items, 1 to 100; the cart keeps it in basis points, so hundredths of a percent are the finest step
   * (12.5 is fine, 12.345 is not).
   */
  percentage: z
    .number({ error: 'Enter a percentage' })
    .min(1, 'Use at least 1%')
    .max(100, 'Use at most 100%')
    .refine((percent) => Number.isInteger(Math.round(percent * 1e6) / 1e4), 'Use at most two decimal places'),
  /** Applies from this instant; null applies it from now on. */
  startDate: windowEnd('start'),
  /** Applies until this instant; null applies it until it is deleted. */
  endDate: windowEnd('end'),
  /** How many placed orders of one account may carry it; null is no limit. */
  usesPerAccount: useLimit,
  /** How many placed orders of all accounts together may carry it; null is no limit. */
  usesInTotal: useLimit,
};

/** The code as customers type it: stored as the cart compares it (trimmed, upper case), so the two always meet. */
export const discountCodeText = z
  .string({ error: 'Enter the code' })
  .trim()
  .min(1, 'Enter the code')
  .max(DISCOUNT_CODE_MAX, `Use at most ${DISCOUNT_CODE_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only')
  .overwrite(normalDiscountCode);

/** A new code, or the settings of an existing one: the code is its identity (orders and carts carry its text). */
export const staffDiscountCodeFieldsSchema = z
  .object({ code: discountCodeText, ...discountCodeSettingsShape })
  .superRefine(endAfterStart);
export type StaffDiscountCodeFields = z.output<typeof staffDiscountCodeFieldsSchema>;

export const staffDiscountCodeSchema = z.object({
  code: z.string(),
  label: z.string(),
  percentage: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  usesPerAccount: z.int().nullable(),
  usesInTotal: z.int().nullable(),
  /** Placed orders that carry the code, all accounts together (orders whose payment failed or expired excluded). */
  timesUsed: z.int(),
  /** Whether the cart accepts it now: started (or open) and not yet ended. */
  activeNow: z.boolean(),
});
export type StaffDiscountCode = z.infer<typeof staffDiscountCodeSchema>;

export const staffDiscountCodeRoutes = {
  staffDiscountCodes: defineRoute({
    method: 'GET',
    path: 'Staff/DiscountCodes',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary:
      'Every discount code, by code, with its window, limits, how often orders used it and whether it applies now',
    response: z.array(staffDiscountCodeSchema),
  }),
  staffDiscountCodeCreate: defineRoute({
    method: 'POST',
    path: 'Staff/DiscountCodes',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: 'Creates a discount code (stored upper case); a code that exists already is refused on `code`',
    body: staffDiscountCodeFieldsSchema,
    response: staffDiscountCodeSchema,
  }),
  staffDiscountCodeSave: defineRoute({
    method: 'POST',
    path: 'Staff/DiscountCodeSave',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: 'Saves the settings of a discount code, by code (404 when there is none); carts apply them at once',
    body: staffDiscountCodeFieldsSchema,
    response: staffDiscountCodeSchema,
  }),
  staffDiscountCodeDelete: defineRoute({
    method: 'POST',
    path: 'Staff/DiscountCodeDelete',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: 'Deletes a discount code, by code (404 when there is none); placed orders keep their code and discount',
    body: z.object({ code: discountCodeText }),
    response: z.object({ code: z.string() }),
  }),
};
