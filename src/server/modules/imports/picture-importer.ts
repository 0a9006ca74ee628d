import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { PictureRow } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import {
  MAX_PICTURE_PIXELS,
  PICTURE_FORMATS,
  type PictureFormat,
  productPictureBlobName,
  productPictureUrl,
} from '../../integrations/images/product-pictures';
import type { PictureStorage } from '../../integrations/storage/picture-storage';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import type { AppliedCounts, EntityImporter, ImportContext, ResolvedRow } from './import-entity';
import { productIdsBySku } from './natural-keys';
import { reloadEveryCatalogue } from './product-importer';

interface Picture {
  readonly productId: number;
  readonly content: Uint8Array;
  readonly format: PictureFormat;
}

interface PictureSession {
  readonly storage: PictureStorage;
  readonly writes: boolean;
  /** Whether any product's picture changed: the catalogue is reloaded once, at the job's end. */
  changed: boolean;
}

/** Each row holds a whole picture, so a batch is a few of them rather than a thousand. */
const PICTURE_BATCH_ROWS = 10;

const isPictureFormat = (format: string | undefined): format is PictureFormat =>
  format !== undefined && Object.hasOwn(PICTURE_FORMATS, format);

async function beginPictures(_db: Database, context: ImportContext): Promise<PictureSession> {
  if (!context.pictureStorage) {
    throw new Error(
      'Product pictures are kept in blob storage, and none is configured (AZURE_STORAGE_CONNECTION_STRING).',
    );
  }
  return { storage: context.pictureStorage, writes: context.writes, changed: false };
}

/** What the bytes are, by their content (never their name), or why they are not a picture the shop takes. */
export async function pictureFormatOf(content: Uint8Array): Promise<PictureFormat | { reason: string }> {
  const { default: sharp } = await import('sharp');
  const notAPicture = { reason: 'is not a JPEG, PNG or WebP picture' };
  let format: PictureFormat;
  try {
    // The header only: sharp's pixel limit would refuse a large picture here as if it were no picture at all.
    const header = await sharp(content, { limitInputPixels: false }).metadata();
    if (!isPictureFormat(header.format)) return notAPicture;
    if ((header.width ?? 0) * (header.height ?? 0) > MAX_PICTURE_PIXELS) {
      return { reason: `is larger than ${MAX_PICTURE_PIXELS / 1e6} megapixels` };
    }
    format = header.format;
  } catch {
    return notAPicture;
  }
  try {
    // Every pixel decoded once: a picture cut short has a whole header, and would fail only when /image resizes it.
    await sharp(content, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'truncated' }).stats();
  } catch {
    return { reason: 'is cut short or damaged' };
  }
  return format;
}

async function resolvePictures(
  db: Database,
  _session: PictureSession,
  rows: readonly { line: number; row: PictureRow }[],
): Promise<ResolvedRow<Picture>[]> {
  const productBySku = await productIdsBySku(db, rows);
  const resolved: ResolvedRow<Picture>[] = [];
  for (const { line, row } of rows) {
    const productId = productBySku.get(row.sku.toUpperCase());
    if (productId === undefined) {
      resolved.push({ line, issue: { column: 'file', value: row.file, reason: 'no product has this SKU' } });
      continue;
    }
    const format = await pictureFormatOf(row.content);
    resolved.push(
      typeof format === 'string'
        ? { line, resolved: { productId, content: row.content, format } }
        : { line, issue: { column: 'file', value: row.file, reason: format.reason } },
    );
  }
  return resolved;
}

/**
 * Stores each picture under its content's name (unless it is there already) and points its product at it. A product
 * whose picture is already that blob is unchanged; its first picture is created, a different one updated. A product
 * given two pictures in one batch takes the last, and the first counts as unchanged. A dry run writes no blob.
 */
async function applyPictures(tx: Database, session: PictureSession, rows: readonly Picture[]): Promise<AppliedCounts> {
  const latest = new Map<number, Picture>();
  for (const row of rows) {
    latest.delete(row.productId);
    latest.set(row.productId, row);
  }
  if (latest.size === 0) return { created: 0, updated: 0, unchanged: 0 };
  const current = await tx
    .select({ id: products.id, pictureBlob: products.pictureBlob })
    .from(products)
    .where(inArray(products.id, [...latest.keys()]));
  const blobOf = new Map(current.map((product) => [product.id, product.pictureBlob]));
  let created = 0;
  let updated = 0;
  for (const picture of latest.values()) {
    const sha256 = createHash('sha256').update(picture.content).digest('hex');
    const blobName = productPictureBlobName(sha256, picture.format);
    const before = blobOf.get(picture.productId) ?? null;
    if (before === blobName) continue;
    if (session.writes) {
      await session.storage.put(blobName, picture.content, PICTURE_FORMATS[picture.format].mediaType);
    }
    await tx
      .update(products)
      .set({ pictureBlob: blobName, imageUrl: productPictureUrl(blobName) })
      .where(eq(products.id, picture.productId));
    if (before === null) created += 1;
    else updated += 1;
  }
  if (created + updated > 0) session.changed = true;
  return { created, updated, unchanged: rows.length - created - updated };
}

/** One reload of every instance's catalogue for the whole job, in its last transaction. */
async function announcePictures(tx: Database, session: PictureSession): Promise<AppliedCounts> {
  if (session.changed) await announceCatalogueChange(tx, { kind: 'all' });
  return { created: 0, updated: 0, unchanged: 0 };
}

export const pictureImporter: EntityImporter<PictureRow, Picture, PictureSession> = {
  batchRows: PICTURE_BATCH_ROWS,
  begin: beginPictures,
  resolve: resolvePictures,
  apply: applyPictures,
  finish: announcePictures,
  interrupted: reloadEveryCatalogue,
};
