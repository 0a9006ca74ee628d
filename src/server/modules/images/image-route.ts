import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { sendProblem } from '../../http/errors';
import { catalogueImageSvg } from '../../integrations/images/catalogue-image-svg';
import {
  CATALOGUE_IMAGE_PREFIX,
  parseCatalogueImageUrl,
  treadImageUrl,
} from '../../integrations/images/catalogue-image-urls';
import type { Database } from '../../db/client';
import { eq } from 'drizzle-orm';
import { homeMerchandise, promotionBanners } from '../../db/schema';
import {
  HOME_PICTURE_PREFIX,
  MAX_PICTURE_PIXELS,
  homePictureBlobOf,
  productPictureBlobOf,
} from '../../integrations/images/product-pictures';
import { type PictureStorage, pictureStorageOf } from '../../integrations/storage/picture-storage';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { projectRoot } from '../../project-root';
import { ImageDiskCache } from './image-disk-cache';
import { DEFAULT_IMAGE_QUALITY, IMAGE_QUALITIES, IMAGE_WIDTHS } from '../../../domain/image-widths';
import { RenderLimiter } from './render-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    /** The image renders: how many ran and the most at once (tests check the bound). */
    imageRenders: RenderLimiter;
  }
}

/** With its trailing separator, so the containment check below cannot match a sibling such as public/images-x. */
const PUBLIC_IMAGES = path.join(projectRoot(), 'public/images') + path.sep;
const RASTER = /\.(png|jpe?g|webp|svg)$/i;

const imageQuery = z.object({
  url: z.string().min(1).max(300),
  w: z.coerce
    .number()
    .int()
    .refine((w) => IMAGE_WIDTHS.includes(w), { message: `w must be one of ${IMAGE_WIDTHS.join(', ')}` }),
  q: z.coerce
    .number()
    .int()
    .refine((q) => IMAGE_QUALITIES.includes(q), { message: `q must be one of ${IMAGE_QUALITIES.join(', ')}` })
    .default(DEFAULT_IMAGE_QUALITY),
});

const knownPictures = new WeakMap<CatalogueSnapshot, Set<string>>();

/**
 * The pictures some product shows (its picture and, for tyres, the tread view): the only catalogue pictures drawn and
 * the only imported ones served.
 */
function picturesOf(snapshot: CatalogueSnapshot): Set<string> {
  let known = knownPictures.get(snapshot);
  if (!known) {
    known = new Set<string>();
    for (const table of [snapshot.tyres, snapshot.wheels, snapshot.merchandise]) {
      for (const product of table.index.items) {
        known.add(product.imageUrl);
        known.add(treadImageUrl(product.imageUrl));
      }
    }
    knownPictures.set(snapshot, known);
  }
  return known;
}

async function drawnPicture(model: CatalogueReadModel, url: string): Promise<Buffer | null> {
  const catalogue = parseCatalogueImageUrl(url);
  if (!catalogue || !picturesOf(await model.snapshot()).has(url)) return null;
  return Buffer.from(catalogueImageSvg(catalogue));
}

/** An imported picture a product shows, from the picture container. */
async function importedPicture(
  catalogue: CatalogueReadModel,
  pictures: PictureStorage | null,
  url: string,
  blobName: string,
): Promise<Buffer | null> {
  if (!pictures || !picturesOf(await catalogue.snapshot()).has(url)) return null;
  return pictures.read(blobName);
}

/** An uploaded picture the home page's banner or a tile shows, from the picture container. */
async function homePicture(
  db: Database,
  pictures: PictureStorage | null,
  url: string,
  blobName: string,
): Promise<Buffer | null> {
  if (!pictures) return null;
  const banners = await db
    .select({ id: promotionBanners.id })
    .from(promotionBanners)
    .where(eq(promotionBanners.imageUrl, url))
    .limit(1);
  const tiles = await db
    .select({ id: homeMerchandise.id })
    .from(homeMerchandise)
    .where(eq(homeMerchandise.imageUrl, url))
    .limit(1);
  return banners.length + tiles.length > 0 ? pictures.read(blobName) : null;
}

/**
 * The source of one of the shop's own images: a catalogue picture a product shows (drawn or imported), or a file under
 * public/images. Anything else (an invented picture, an outside address, a path that climbs out) is refused: the
 * endpoint never fetches.
 */
async function sourceOf(
  db: Database,
  catalogue: CatalogueReadModel,
  pictures: PictureStorage | null,
  url: string,
): Promise<Buffer | null> {
  if (parseCatalogueImageUrl(url)) return drawnPicture(catalogue, url);
  const blobName = productPictureBlobOf(url);
  if (blobName) return importedPicture(catalogue, pictures, url, blobName);
  const homeBlob = homePictureBlobOf(url);
  if (homeBlob) return homePicture(db, pictures, url, homeBlob);
  if (!url.startsWith('/images/') || url.startsWith(CATALOGUE_IMAGE_PREFIX) || !RASTER.test(url)) return null;
  const file = path.resolve(PUBLIC_IMAGES, `.${url.slice('/images'.length)}`);
  if (!file.startsWith(PUBLIC_IMAGES) || !existsSync(file)) return null;
  return readFile(file);
}

type Format = 'webp' | 'png';

/** sharp (a native library) loads with the first picture drawn, not at start (start-up time, docs/performance.md). */
async function render(source: Buffer, width: number, quality: number, format: Format): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const pipeline = sharp(source, { density: 144, limitInputPixels: MAX_PICTURE_PIXELS }).resize({
    width,
    withoutEnlargement: false,
  });
  return format === 'webp'
    ? pipeline.webp({ quality }).toBuffer()
    : pipeline.png({ quality, palette: true }).toBuffer();
}

/** Part of every cache key: bump it when the drawings change, so cached pictures are drawn again. */
const DRAWING_VERSION = 3;

/** The resized images kept in memory; older ones are read back from $DATA_DIR/images. */
const MEMORY_BYTES = 64 * 1024 * 1024;

/**
 * GET /image?url=&w=&q= : one of the shop's images resized by sharp (widths from SPEC.md §9 only, qualities
 * IMAGE_QUALITIES, 75 by default), WebP when the browser takes it, cached in memory and under $DATA_DIR/images (at most
 * IMAGE_CACHE_MAX_BYTES, least recently used out first), with long cache headers. Only pictures that exist are drawn;
 * the same picture asked for at once is drawn once; at most IMAGE_RENDER_CONCURRENCY draw at a time.
 * GET /images/catalogue/... answers the drawn pictures at their own size. Imported pictures (/images/products/...) are
 * read from the picture container and served only through /image.
 */
export function registerImageRoutes(app: FastifyInstance, config: Config, catalogue: CatalogueReadModel): void {
  const disk = new ImageDiskCache(path.join(config.dataDir, 'images'), config.images.cacheMaxBytes);
  const limiter = new RenderLimiter(config.images.renderConcurrency);
  const pictures = pictureStorageOf(config);
  app.decorate('imageRenders', limiter);
  const inFlight = new Map<string, Promise<Buffer | null>>();
  const memory = new Map<string, Buffer>();
  let memoryBytes = 0;
  const remember = (key: string, image: Buffer) => {
    if (memory.has(key)) return;
    memory.set(key, image);
    memoryBytes += image.length;
    for (const [oldest, buffer] of memory) {
      if (memoryBytes <= MEMORY_BYTES) break;
      memory.delete(oldest);
      memoryBytes -= buffer.length;
    }
  };

  async function produce(
    key: string,
    source: () => Promise<Buffer | null>,
    width: number,
    quality: number,
    format: Format,
  ) {
    const name = `${key}.${format}`;
    const stored = await disk.read(name);
    if (stored) return stored;
    const input = await source();
    if (!input) return null;
    const image = await limiter.run(() => render(input, width, quality, format));
    await disk.write(name, image);
    return image;
  }

  async function resized(
    url: string,
    source: () => Promise<Buffer | null>,
    width: number,
    quality: number,
    format: Format,
  ) {
    const key = createHash('sha256').update(`${DRAWING_VERSION}|${url}|${width}|${quality}|${format}`).digest('hex');
    const cached = memory.get(key);
    if (cached) return cached;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = produce(key, source, width, quality, format).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const image = await pending;
    if (image) remember(key, image);
    return image;
  }

  const send = (reply: FastifyReply, image: Buffer, format: Format) =>
    reply
      .header('content-type', `image/${format}`)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'Accept')
      .send(image);

  app.get('/image', { schema: { hide: true } }, async (request, reply) => {
    const parsed = imageQuery.safeParse(request.query);
    if (!parsed.success) {
      const validationErrors = parsed.error.issues.map((issue) => ({
        name: String(issue.path[0] ?? 'query'),
        reason: issue.message,
      }));
      return sendProblem(reply, 400, 'The image request is not valid.', validationErrors);
    }
    const { url, w, q } = parsed.data;
    const format: Format = (request.headers.accept ?? '').includes('image/webp') ? 'webp' : 'png';
    const image = await resized(url, () => sourceOf(app.database.db, catalogue, pictures, url), w, q, format);
    if (!image) {
      return sendProblem(reply, 400, 'The url must name one of the shop’s own images.', [
        { name: 'url', reason: 'Not one of the shop’s images.' },
      ]);
    }
    return send(reply, image, format);
  });

  /**
   * The home page's uploaded pictures as uploaded: checked when stored, named by their content (so a URL always means
   * the same bytes, and may be kept for a year), and answered only while the banner or a tile shows them.
   */
  app.get(`${HOME_PICTURE_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const blobName = homePictureBlobOf(url);
    const picture = blobName ? await homePicture(app.database.db, pictures, url, blobName) : null;
    if (!picture) return sendProblem(reply, 404, 'No such image.');
    const extension = url.slice(url.lastIndexOf('.') + 1);
    return reply
      .header('content-type', extension === 'jpg' ? 'image/jpeg' : `image/${extension}`)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(picture);
  });

  app.get('/images/catalogue/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const image = await resized(url, () => drawnPicture(catalogue, url), 800, 90, 'png');
    if (!image) return sendProblem(reply, 404, 'No such image.');
    return send(reply, image, 'png');
  });
}
