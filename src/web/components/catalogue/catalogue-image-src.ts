import { DEFAULT_IMAGE_QUALITY, DEVICE_IMAGE_WIDTHS, SMALL_IMAGE_WIDTHS } from '../../../domain/image-widths';

const WIDTHS = [...SMALL_IMAGE_WIDTHS, ...DEVICE_IMAGE_WIDTHS];

/** One rendition of one of the shop's images through the image endpoint (SPEC.md §7: url, w, q). */
export function imageSrc(url: string, width: number, quality: number = DEFAULT_IMAGE_QUALITY): string {
  return `/image?${new URLSearchParams({ url, w: String(width), q: String(quality) }).toString()}`;
}

/**
 * The srcset of an image shown at most `displayWidth` CSS pixels wide: every width of SPEC.md §9 up to twice that
 * (for 2x screens), so the browser picks the smallest rendition that stays sharp.
 */
export function imageSrcSet(url: string, displayWidth: number): { src: string; srcSet: string } {
  const widths = WIDTHS.filter((width) => width <= displayWidth * 2);
  const largest = WIDTHS.find((width) => width >= displayWidth * 2) ?? WIDTHS[WIDTHS.length - 1];
  const chosen = largest !== undefined && !widths.includes(largest) ? [...widths, largest] : widths;
  return {
    src: imageSrc(url, WIDTHS.find((width) => width >= displayWidth) ?? displayWidth),
    srcSet: chosen.map((width) => `${imageSrc(url, width)} ${width}w`).join(', '),
  };
}
