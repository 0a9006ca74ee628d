/**
 * The product pictures the shop draws itself. A picture's URL names everything needed to draw it, so one
 * picture serves every SKU of a pattern, design or subcategory, and 100,000 products need only a few hundred.
 */
export type CatalogueImage =
  | { readonly kind: 'tyre'; readonly category: string; readonly pattern: string; readonly view?: 'sidewall' | 'tread' }
  | { readonly kind: 'wheel'; readonly spokes: number; readonly colour: string; readonly design: string }
  | { readonly kind: 'merchandise'; readonly subcategory: string };

export const CATALOGUE_IMAGE_PREFIX = '/images/catalogue/';

const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
const TYRE = new RegExp(`^/images/catalogue/tyres/(${SLUG})/(${SLUG})-(sidewall|tread)\\.png$`);
const WHEEL = new RegExp(`^/images/catalogue/wheels/(\\d{1,2})-spoke/(${SLUG})/(${SLUG})\\.png$`);
const MERCHANDISE = new RegExp(`^/images/catalogue/merchandise/(${SLUG})\\.png$`);

export function catalogueImageUrl(image: CatalogueImage): string {
  switch (image.kind) {
    case 'tyre':
      return `${CATALOGUE_IMAGE_PREFIX}tyres/${image.category}/${image.pattern}-${image.view ?? 'sidewall'}.png`;
    case 'wheel':
      return `${CATALOGUE_IMAGE_PREFIX}wheels/${image.spokes}-spoke/${image.colour}/${image.design}.png`;
    case 'merchandise':
      return `${CATALOGUE_IMAGE_PREFIX}merchandise/${image.subcategory}.png`;
  }
}

/** The tread view of a tyre whose sidewall picture is `sidewallUrl`. */
export function treadImageUrl(sidewallUrl: string): string {
  return sidewallUrl.replace(/-sidewall\.png$/, '-tread.png');
}

/** Reads a catalogue picture URL back; null for anything that is not one (outside addresses included). */
export function parseCatalogueImageUrl(url: string): CatalogueImage | null {
  const tyre = TYRE.exec(url);
  if (tyre)
    return {
      kind: 'tyre',
      category: tyre[1] as string,
      pattern: tyre[2] as string,
      view: tyre[3] as 'sidewall' | 'tread',
    };
  const wheel = WHEEL.exec(url);
  if (wheel) {
    const spokes = Number(wheel[1]);
    return spokes >= 3 && spokes <= 20
      ? { kind: 'wheel', spokes, colour: wheel[2] as string, design: wheel[3] as string }
      : null;
  }
  const merchandise = MERCHANDISE.exec(url);
  if (merchandise) return { kind: 'merchandise', subcategory: merchandise[1] as string };
  return null;
}
