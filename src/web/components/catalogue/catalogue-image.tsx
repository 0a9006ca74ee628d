import type { Picture } from '../../../contract/home';
import { imageSrcSet } from './catalogue-image-src';

/** A product picture through /image with a srcset; square, lazy, and sized so the grid does not jump. */
export function CatalogueImage({
  picture,
  displayWidth,
  className = '',
  eager = false,
}: {
  picture: Picture;
  displayWidth: number;
  className?: string;
  eager?: boolean;
}) {
  const { src, srcSet } = imageSrcSet(picture.imageUrl, displayWidth);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={`${displayWidth}px`}
      alt={picture.alternateText}
      title={picture.title}
      width={displayWidth}
      height={displayWidth}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`aspect-square bg-panel object-contain ${className}`}
    />
  );
}
