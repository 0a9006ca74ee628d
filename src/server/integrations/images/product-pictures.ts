/**
 * Imported product pictures: each is kept in the picture container under a name made of its content's SHA-256, so the
 * same picture imported twice is the same blob, and its URL (what products.image_url holds) names that blob.
 */
export const PRODUCT_PICTURE_PREFIX = '/images/products/';

/** The picture formats the importer takes, by sharp's name for each, with their file extension and media type. */
export const PICTURE_FORMATS = {
  jpeg: { extension: 'jpg', mediaType: 'image/jpeg' },
  png: { extension: 'png', mediaType: 'image/png' },
  webp: { extension: 'webp', mediaType: 'image/webp' },
} as const;
export type PictureFormat = keyof typeof PICTURE_FORMATS;

const URL_PATTERN = /^\/images\/products\/([0-9a-f]{64}\.(?:jpg|png|webp))$/;

export function productPictureBlobName(sha256: string, format: PictureFormat): string {
  return `products/${sha256}.${PICTURE_FORMATS[format].extension}`;
}

export function productPictureUrl(blobName: string): string {
  return `${PRODUCT_PICTURE_PREFIX}${blobName.slice('products/'.length)}`;
}

/** The blob an imported picture's URL names; null for anything else. */
export function productPictureBlobOf(url: string): string | null {
  const match = URL_PATTERN.exec(url);
  return match ? `products/${match[1]}` : null;
}

/** The most pixels a picture may have: what sharp decodes of it is bounded by this (a small file can be huge inside). */
export const MAX_PICTURE_PIXELS = 40_000_000;

/**
 * Pictures content staff upload for the home page's banner and tiles: in the same container, named by their content,
 * and served at their own URL (what promotion_banners.image_url and home_merchandise.image_url hold).
 */
export const HOME_PICTURE_PREFIX = '/images/home/uploaded/';
const HOME_URL_PATTERN = /^\/images\/home\/uploaded\/([0-9a-f]{64}\.(?:jpg|png|webp))$/;

export function homePictureBlobName(sha256: string, format: PictureFormat): string {
  return `home/${sha256}.${PICTURE_FORMATS[format].extension}`;
}

export function homePictureUrl(blobName: string): string {
  return `${HOME_PICTURE_PREFIX}${blobName.slice('home/'.length)}`;
}

/** The blob an uploaded home picture's URL names; null for anything else. */
export function homePictureBlobOf(url: string): string | null {
  const match = HOME_URL_PATTERN.exec(url);
  return match ? `home/${match[1]}` : null;
}
