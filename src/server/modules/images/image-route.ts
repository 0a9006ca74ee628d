import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import type { Config } from '../../config';
import { sendProblem } from '../../http/errors';
import { catalogueImageSvg } from '../../integrations/images/catalogue-image-svg';
import { CATALOGUE_IMAGE_PREFIX, parseCatalogueImageUrl } from '../../integrations/images/catalogue-image-urls';
import { projectRoot } from '../../project-root';
import { DEFAULT_IMAGE_QUALITY, IMAGE_WIDTHS } from './image-widths';

/** With its trailing separator, so the containment check below cannot match a sibling such as public/images-x. */
const PUBLIC_IMAGES = path.join(projectRoot(), 'public/images') + path.sep;
const RASTER = /\.(png|jpe?g|webp|svg)$/i;

const imageQuery = z.object({
  url: z.string().min(1).max(300),
  w: z.coerce
    .number()
    .int()
    .refine((w) => IMAGE_WIDTHS.includes(w), { message: `w must be one of ${IMAGE_WIDTHS.join(', ')}` }),
  q: z.coerce.number().int().min(1).max(100).default(DEFAULT_IMAGE_QUALITY),
});

/**
 * The source of one of the shop's own images: a drawn catalogue picture, or a file under public/images.
 * Anything else (an outside address, a path that climbs out) is refused: the endpoint never fetches.
 */
async function sourceOf(url: string): Promise<Buffer | null> {
  const catalogue = parseCatalogueImageUrl(url);
  if (catalogue) return Buffer.from(catalogueImageSvg(catalogue));
  if (!url.startsWith('/images/') || url.startsWith(CATALOGUE_IMAGE_PREFIX) || !RASTER.test(url)) return null;
  const file = path.resolve(PUBLIC_IMAGES, `.${url.slice('/images'.length)}`);
  if (!file.startsWith(PUBLIC_IMAGES) || !existsSync(file)) return null;
  return readFile(file);
}

type Format = 'webp' | 'png';

async function render(source: Buffer, width: number, quality: number, format: Format): Promise<Buffer> {
  const pipeline = sharp(source, { density: 144 }).resize({ width, withoutEnlargement: false });
  return format === 'webp' ? pipeline.webp({ quality }).toBuffer() : pipeline.png({ quality, palette: true }).toBuffer();
}

/** Part of every cache key: bump it when the drawings change, so cached pictures are drawn again. */
const DRAWING_VERSION = 2;

/** The resized images kept in memory; older ones are read back from $DATA_DIR/images. */
const MEMORY_BYTES = 64 * 1024 * 1024;

/**
 * GET /image?url=&w=&q= : one of the shop's images resized by sharp (widths from SPEC.md §9 only, quality 75 by
 * default), WebP when the browser takes it, cached in memory and under $DATA_DIR/images, with long cache headers.
 * GET /images/catalogue/... answers the drawn pictures at their own size.
 */
export function registerImageRoutes(app: FastifyInstance, config: Config): void {
  const cacheDir = path.join(config.dataDir, 'images');
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

  async function resized(url: string, source: () => Promise<Buffer | null>, width: number, quality: number, format: Format) {
    const key = createHash('sha256').update(`${DRAWING_VERSION}|${url}|${width}|${quality}|${format}`).digest('hex');
    const cached = memory.get(key);
    if (cached) return cached;
    const file = path.join(cacheDir, `${key}.${format}`);
    if (existsSync(file)) {
      const image = await readFile(file);
      remember(key, image);
      return image;
    }
    const input = await source();
    if (!input) return null;
    const image = await render(input, width, quality, format);
    await mkdir(cacheDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, image);
    await rename(temporary, file);
    remember(key, image);
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
      const validationErrors = parsed.error.issues.map((issue) => ({ name: String(issue.path[0] ?? 'query'), reason: issue.message }));
      return sendProblem(reply, 400, 'The image request is not valid.', validationErrors);
    }
    const { url, w, q } = parsed.data;
    const format: Format = (request.headers.accept ?? '').includes('image/webp') ? 'webp' : 'png';
    const image = await resized(url, () => sourceOf(url), w, q, format);
    if (!image) {
      return sendProblem(reply, 400, 'The url must name one of the shop’s own images.', [
        { name: 'url', reason: 'Not one of the shop’s images.' },
      ]);
    }
    return send(reply, image, format);
  });

  app.get('/images/catalogue/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const image = await resized(url, async () => {
      const catalogue = parseCatalogueImageUrl(url);
      return catalogue ? Buffer.from(catalogueImageSvg(catalogue)) : null;
    }, 800, 90, 'png');
    if (!image) return sendProblem(reply, 404, 'No such image.');
    return send(reply, image, 'png');
  });
}
