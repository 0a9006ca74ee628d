import type { PublicWheel, TradeWheel } from '../../../contract/catalogue-wheels';
import { ProductCard, tradeFieldsOf } from './product-card';
import { ResultItems } from './result-items';

const signed = (offset: number) => (offset > 0 ? `+${offset}` : String(offset));

/** '17x8.5 6x139.7 +10': what a counter hand reads first on a wheel. */
export function wheelHeadline(wheel: PublicWheel): string {
  return `${wheel.size}x${wheel.width} ${wheel.pcds.join('/')} ${signed(wheel.offset)}`;
}

export function wheelSpecs(wheel: PublicWheel): string[] {
  return [wheel.color, wheel.performance, `CB ${wheel.centreBore}`];
}

export function WheelResultList({
  items,
  view,
}: {
  items: readonly (PublicWheel | TradeWheel)[];
  view: 'grid' | 'list';
}) {
  return (
    <ResultItems view={view} priced={items.some((product) => tradeFieldsOf(product) !== null)}>
      {items.map((wheel) => (
        <li key={wheel.id}>
          <ProductCard
            product={wheel}
            trade={tradeFieldsOf(wheel)}
            detailPath="/wheels/$slug"
            headline={wheelHeadline(wheel)}
            specs={wheelSpecs(wheel)}
            view={view}
            pattern={wheel.design}
          />
        </li>
      ))}
    </ResultItems>
  );
}
