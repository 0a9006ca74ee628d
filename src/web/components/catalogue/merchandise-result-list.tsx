import type { PublicMerchandise, TradeMerchandise } from '../../../contract/catalogue-merchandise';
import { ProductCard, tradeFieldsOf } from './product-card';
import { ResultItems } from './result-items';

export function MerchandiseResultList({
  items,
  view,
}: {
  items: readonly (PublicMerchandise | TradeMerchandise)[];
  view: 'grid' | 'list';
}) {
  return (
    <ResultItems view={view} priced={items.some((product) => tradeFieldsOf(product) !== null)}>
      {items.map((item) => (
        <li key={item.id}>
          <ProductCard
            product={item}
            trade={tradeFieldsOf(item)}
            detailPath="/merchandise/$slug"
            headline={item.subcategory.name}
            specs={Object.values(item.specs).slice(0, 3)}
            view={view}
            pattern={item.subcategory.name}
          />
        </li>
      ))}
    </ResultItems>
  );
}
