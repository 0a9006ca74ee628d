/** SPEC.md §9: the only widths the image endpoint renders, and its default quality. */
export const DEVICE_IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const SMALL_IMAGE_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const IMAGE_WIDTHS: readonly number[] = [...SMALL_IMAGE_WIDTHS, ...DEVICE_IMAGE_WIDTHS];
export const DEFAULT_IMAGE_QUALITY = 75;
/** The only qualities rendered: each quality is another picture to draw and keep, so the choice is small. */
export const IMAGE_QUALITIES: readonly number[] = [50, 75, 90];
