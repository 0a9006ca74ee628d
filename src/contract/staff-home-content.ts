import { z } from 'zod';
import { homeMerchandiseSchema, promotionBannerSchema } from './home';
import { bodyId } from './ids';
import { defineRoute } from './route';
import { SORT_ORDER_MAX, endAfterStart, windowEnd } from './staff-content';

export const HOME_TITLE_MAX = 100;
export const HOME_TEXT_MAX = 200;
export const HOME_LINK_MAX = 300;
/** A banner or tile picture, as sent: under the API's 1 MB body once in base64, and plenty for a web picture. */
export const HOME_PICTURE_MAX_BYTES = 700 * 1024;

const text = (what: string, max: number) =>
  z
    .string({ error: `Enter the ${what}` })
    .trim()
    .min(1, `Enter the ${what}`)
    .max(max, `Use at most ${max} characters`);

/** A page of the shop: a path of its own (never an outside address, so a tile cannot send customers elsewhere). */
const linkUrl = text('link', HOME_LINK_MAX).regex(/^\/(?!\/)[^\s\\]*$/, 'Enter a page of the shop, starting with /');

/** One of the shop's own pictures: a file under /images, or a picture uploaded through Staff/HomePicture. */
const imageUrl = z
  .string({ error: 'Upload a picture' })
  .trim()
  .min(1, 'Upload a picture')
  .max(HOME_LINK_MAX, 'Upload a picture')
  .regex(/^\/images\/(?!.*\.\.)[A-Za-z0-9/_.-]+\.(?:svg|png|jpe?g|webp)$/, 'Upload a picture');

const pictureFieldsShape = {
  title: text('title', HOME_TITLE_MAX),
  /** What the picture shows, for customers who cannot see it. */
  alternateText: text('text for the picture', HOME_TEXT_MAX),
  imageUrl,
  linkUrl,
};

/** The promotion banner as content staff set it: one banner, shown on the home page within its window. */
export const staffPromotionBannerFieldsSchema = z
  .object({ ...pictureFieldsShape, startDate: windowEnd('start'), endDate: windowEnd('end') })
  .superRefine(endAfterStart);
export type StaffPromotionBannerFields = z.output<typeof staffPromotionBannerFieldsSchema>;

export const staffPromotionBannerSchema = promotionBannerSchema.extend({
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Whether the home page shows it now: started (or open) and not yet ended. */
  showingNow: z.boolean(),
});
export type StaffPromotionBanner = z.infer<typeof staffPromotionBannerSchema>;

const tileFieldsShape = {
  ...pictureFieldsShape,
  /** The home page shows the lowest first. */
  sortOrder: z
    .int({ error: 'Enter a whole number' })
    .min(0, 'Use 0 or more')
    .max(SORT_ORDER_MAX, `Use at most ${SORT_ORDER_MAX}`),
};

/** A merchandise tile of the home page; with an id it saves that tile, without one it adds a tile. */
export const staffHomeTileFieldsSchema = z.object(tileFieldsShape);
export type StaffHomeTileFields = z.output<typeof staffHomeTileFieldsSchema>;
export const staffHomeTileSaveSchema = z.object({ id: bodyId.nullable(), ...tileFieldsShape });

export const staffHomeTileSchema = homeMerchandiseSchema.extend({
  alternateText: z.string(),
  sortOrder: z.int(),
});
export type StaffHomeTile = z.infer<typeof staffHomeTileSchema>;

/** A picture for the banner or a tile: its bytes in base64, checked by their content to be a JPEG, PNG or WebP. */
export const staffHomePictureSchema = z.object({
  content: z
    .base64({ error: 'Choose a JPEG, PNG or WebP picture' })
    .min(1, 'Choose a JPEG, PNG or WebP picture')
    .max(Math.ceil(HOME_PICTURE_MAX_BYTES / 3) * 4, `Use a picture of at most ${HOME_PICTURE_MAX_BYTES / 1024} KB`),
});

const CONTENT = ['content'] as const;

export const staffHomeContentRoutes = {
  staffPromotionBanner: defineRoute({
    method: 'GET',
    path: 'Staff/PromotionBanner',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: 'The promotion banner of the home page with its window, whether showing or not; null when there is none',
    response: staffPromotionBannerSchema.nullable(),
  }),
  staffPromotionBannerSave: defineRoute({
    method: 'POST',
    path: 'Staff/PromotionBanner',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: 'Sets the promotion banner; every instance answers it on Home/PromotionBanner from the next request',
    body: staffPromotionBannerFieldsSchema,
    response: staffPromotionBannerSchema,
  }),
  staffPromotionBannerClear: defineRoute({
    method: 'POST',
    path: 'Staff/PromotionBannerClear',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: 'Removes the promotion banner; the home page shows none from the next request',
    body: z.object({}),
    response: z.object({ cleared: z.boolean() }),
  }),
  staffHomeTiles: defineRoute({
    method: 'GET',
    path: 'Staff/HomeTiles',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: 'The merchandise tiles of the home page, by sortOrder',
    response: z.array(staffHomeTileSchema),
  }),
  staffHomeTileSave: defineRoute({
    method: 'POST',
    path: 'Staff/HomeTiles',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: 'Adds a tile (id null) or saves one by id (404 when there is none); Home/Merchandise answers it at once',
    body: staffHomeTileSaveSchema,
    response: staffHomeTileSchema,
  }),
  staffHomeTileDelete: defineRoute({
    method: 'POST',
    path: 'Staff/HomeTileDelete',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: 'Deletes a tile by id (404 when there is none)',
    body: z.object({ id: bodyId }),
    response: z.object({ id: z.int() }),
  }),
  staffHomePicture: defineRoute({
    method: 'POST',
    path: 'Staff/HomePicture',
    access: 'staff',
    staffRoles: CONTENT,
    tag: 'Staff',
    summary: 'Stores a JPEG, PNG or WebP picture for the banner or a tile and answers the imageUrl to save with it',
    body: staffHomePictureSchema,
    response: z.object({ imageUrl: z.string() }),
  }),
};
