import type { PublicTyre, TradeTyre } from '../../../contract/catalogue-tyres';
import { formatTyreSize } from '../../../domain/tyre-size';
import { ProductCard, tradeFieldsOf } from './product-card';
import { ResultItems } from './result-items';

/** '265/65R17 112H': the size and service description a counter hand reads first. */
export function tyreHeadline(tyre: PublicTyre): string {
  return formatTyreSize({
    prefix: tyre.sizePrefix === 'LT' ? 'LT' : tyre.sizePrefix === 'P' ? 'P' : null,
    width: tyre.width,
    profile: tyre.profile,
    diameter: tyre.diameter,
    loadRating: tyre.loadRating,
    speedRating: tyre.speedRatingBase,
  });
}

export function tyreSpecs(tyre: PublicTyre): string[] {
  return [
    tyre.pattern,
    tyre.category,
    tyre.season,
    ...(tyre.extraLoad ? ['XL'] : []),
    ...(tyre.runFlat ? ['Run flat'] : []),
  ];
}

/** Tyre results as cards or rows. */
export function TyreResultList({
  items,
  view,
  pickRole,
}: {
  items: readonly (PublicTyre | TradeTyre)[];
  view: 'grid' | 'list';
  pickRole?: 'single' | 'rear';
}) {
  return (
    <ResultItems view={view} priced={items.some((product) => tradeFieldsOf(product) !== null)}>
      {items.map((tyre) => (
        <li key={tyre.id}>
          <ProductCard
            product={tyre}
            trade={tradeFieldsOf(tyre)}
            detailPath="/tyres/$slug"
            headline={tyreHeadline(tyre)}
            specs={tyreSpecs(tyre)}
            view={view}
            pattern={tyre.pattern}
            pickRole={pickRole}
          />
        </li>
      ))}
    </ResultItems>
  );
}
