import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type {
  StaffHomeTile,
  StaffHomeTileFields,
  StaffPromotionBanner,
  StaffPromotionBannerFields,
} from '../../../contract/staff-home-content';
import { isWithinDisplayWindow } from '../../../domain/notification-window';
import type { Database } from '../../db/client';
import { homeMerchandise, promotionBanners } from '../../db/schema';
import { problems } from '../../http/problem';
import { PICTURE_FORMATS, homePictureBlobName, homePictureUrl } from '../../integrations/images/product-pictures';
import type { PictureStorage } from '../../integrations/storage/picture-storage';
import { pictureFormatOf } from '../imports/picture-importer';
import { changedFields } from '../staff/changed-fields';
import { recordStaffChange } from '../staff/staff-audit';

type BannerRow = typeof promotionBanners.$inferSelect;
type TileRow = typeof homeMerchandise.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const instant = (text: string | null) => (text === null ? null : new Date(text));

function bannerFieldsOf(row: BannerRow) {
  return {
    title: row.title,
    alternateText: row.alternateText,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    startDate: iso(row.startsAt),
    endDate: iso(row.endsAt),
  };
}

function bannerAnswer(row: BannerRow, now: Date): StaffPromotionBanner {
  const fields = bannerFieldsOf(row);
  return {
    id: row.id,
    picture: { imageUrl: row.imageUrl, alternateText: row.alternateText, title: row.title },
    linkUrl: row.linkUrl,
    startDate: fields.startDate,
    endDate: fields.endDate,
    showingNow: isWithinDisplayWindow(fields, now),
  };
}

function tileFieldsOf(row: TileRow) {
  return {
    title: row.title,
    alternateText: row.alternateText,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    sortOrder: row.sortOrder,
  };
}

function tileAnswer(row: TileRow): StaffHomeTile {
  return {
    id: row.id,
    title: row.title,
    picture: { imageUrl: row.imageUrl, alternateText: row.alternateText, title: row.title },
    linkUrl: row.linkUrl,
    alternateText: row.alternateText,
    sortOrder: row.sortOrder,
  };
}

/** The banner staff edit: the one the home page would show first (the table can hold more, e.g. from an import). */
async function currentBanner(db: Database): Promise<BannerRow | undefined> {
  const [row] = await db
    .select()
    .from(promotionBanners)
    .orderBy(asc(promotionBanners.sortOrder), asc(promotionBanners.id))
    .limit(1);
  return row;
}

/** Staff/PromotionBanner: the banner with its window, whether it shows now or not. */
export async function promotionBannerOf(db: Database, now: Date): Promise<StaffPromotionBanner | null> {
  const row = await currentBanner(db);
  return row ? bannerAnswer(row, now) : null;
}

/**
 * Staff/PromotionBanner (POST): the banner's fields, audited with only what changed. Nothing caches
 * Home/PromotionBanner (see home-handlers.ts), so every instance answers the change from the next request on.
 */
export async function savePromotionBanner(
  db: Database,
  staffId: number,
  fields: StaffPromotionBannerFields,
  now: Date,
): Promise<StaffPromotionBanner> {
  const columns = {
    title: fields.title,
    alternateText: fields.alternateText,
    imageUrl: fields.imageUrl,
    linkUrl: fields.linkUrl,
    startsAt: instant(fields.startDate),
    endsAt: instant(fields.endDate),
  };
  const saved = await db.transaction(async (tx) => {
    const before = await currentBanner(tx);
    const [after] = before
      ? await tx.update(promotionBanners).set(columns).where(eq(promotionBanners.id, before.id)).returning()
      : await tx.insert(promotionBanners).values(columns).returning();
    if (!after) throw new Error('the promotion banner was not saved');
    const { before: was, after: is } = before
      ? changedFields(bannerFieldsOf(before), bannerFieldsOf(after))
      : { before: null, after: bannerFieldsOf(after) };
    if (is && Object.keys(is).length > 0) {
      await recordStaffChange(
        tx,
        staffId,
        {
          action: before ? 'promotion-banner.updated' : 'promotion-banner.created',
          subjectType: 'promotion-banner',
          subjectRef: String(after.id),
          before: was,
          after: is,
        },
        now,
      );
    }
    return after;
  });
  return bannerAnswer(saved, now);
}

/** Staff/PromotionBannerClear: no banner on the home page; its last fields are kept in the audit. */
export async function clearPromotionBanner(db: Database, staffId: number, now: Date) {
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(promotionBanners).returning();
    for (const row of rows) {
      await recordStaffChange(
        tx,
        staffId,
        {
          action: 'promotion-banner.deleted',
          subjectType: 'promotion-banner',
          subjectRef: String(row.id),
          before: bannerFieldsOf(row),
          after: null,
        },
        now,
      );
    }
    return rows.length;
  });
  return { cleared: deleted > 0 };
}

const noTileWithId = (id: number) => problems.notFound(`No tile has the id ${id}.`);

/** Staff/HomeTiles: the tiles in the order the home page shows them. */
export async function listHomeTiles(db: Database): Promise<StaffHomeTile[]> {
  const rows = await db.select().from(homeMerchandise).orderBy(asc(homeMerchandise.sortOrder), asc(homeMerchandise.id));
  return rows.map(tileAnswer);
}

/** Staff/HomeTiles (POST): a new tile (id null) or a tile's fields, audited; the home page answers it at once. */
export async function saveHomeTile(
  db: Database,
  staffId: number,
  body: StaffHomeTileFields & { id: number | null },
  now: Date,
): Promise<StaffHomeTile> {
  const { id, ...fields } = body;
  const saved = await db.transaction(async (tx) => {
    if (id === null) {
      const [row] = await tx.insert(homeMerchandise).values(fields).returning();
      if (!row) throw new Error('the tile was not inserted');
      await recordStaffChange(
        tx,
        staffId,
        {
          action: 'home-tile.created',
          subjectType: 'home-tile',
          subjectRef: String(row.id),
          before: null,
          after: tileFieldsOf(row),
        },
        now,
      );
      return row;
    }
    const [before] = await tx.select().from(homeMerchandise).where(eq(homeMerchandise.id, id)).for('update');
    if (!before) throw noTileWithId(id);
    const [after] = await tx.update(homeMerchandise).set(fields).where(eq(homeMerchandise.id, id)).returning();
    if (!after) throw noTileWithId(id);
    const { before: was, after: is } = changedFields(tileFieldsOf(before), tileFieldsOf(after));
    if (Object.keys(is).length > 0) {
      await recordStaffChange(
        tx,
        staffId,
        { action: 'home-tile.updated', subjectType: 'home-tile', subjectRef: String(id), before: was, after: is },
        now,
      );
    }
    return after;
  });
  return tileAnswer(saved);
}

/** Staff/HomeTileDelete: gone from the home page, with its last fields kept in the audit. */
export async function deleteHomeTile(db: Database, staffId: number, id: number, now: Date) {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(homeMerchandise).where(eq(homeMerchandise.id, id)).returning();
    if (!deleted) throw noTileWithId(id);
    await recordStaffChange(
      tx,
      staffId,
      {
        action: 'home-tile.deleted',
        subjectType: 'home-tile',
        subjectRef: String(id),
        before: tileFieldsOf(deleted),
        after: null,
      },
      now,
    );
  });
  return { id };
}

/**
 * Staff/HomePicture: the bytes checked by their content (never a name) to be a JPEG, PNG or WebP within the pixel
 * bound, then kept in the picture container under their content's hash, so the same picture uploaded twice is one
 * blob. The answer is the URL the banner or tile saves; /images/home/uploaded/... serves it.
 */
export async function storeHomePicture(pictures: PictureStorage | null, base64: string) {
  const content = new Uint8Array(Buffer.from(base64, 'base64'));
  const format = await pictureFormatOf(content);
  if (typeof format !== 'string') {
    throw problems.badRequest('The picture cannot be used.', [
      { name: 'content', reason: `The file ${format.reason}` },
    ]);
  }
  if (!pictures) throw problems.badRequest('Picture uploads are not available at the moment.');
  const sha256 = createHash('sha256').update(content).digest('hex');
  const blobName = homePictureBlobName(sha256, format);
  await pictures.put(blobName, content, PICTURE_FORMATS[format].mediaType);
  return { imageUrl: homePictureUrl(blobName) };
}
