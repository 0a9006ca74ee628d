import type { PublicMerchandise, TradeMerchandise } from '../../../contract/catalogue-merchandise';
import { ProductCard, tradeFieldsOf } from './product-card';

export function MerchandiseResultList({ items, view }: { items: readonly (PublicMerchandise | TradeMerchandise)[]; view: 'grid' | 'list' }) {
  return (
    <ul className={view === 'grid' ? 'grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4' : 'space-y-2'}>
      {items.map((item) => (
        <li key={item.id}>
          <ProductCard
            product={item}
            trade={tradeFieldsOf(item)}
            detailPath="/merchandise/$slug"
            headline={item.subcategory.name}
            specs={Object.values(item.specs).slice(0, 3)}
            view={view}
          />
        </li>
      ))}
    </ul>
  );
}
