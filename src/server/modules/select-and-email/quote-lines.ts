import type { z } from 'zod';
import type { emailProductSchema } from '../../../contract/catalogue-forms';
import { type ShownPriceChoice, shownPrice } from '../../../domain/shown-price';
import { onOrderLabel } from '../../../domain/stock-availability';
import { problems } from '../../http/problem';
import { findProduct, productSizeText, tradeFieldsOfFound } from '../catalogue/catalogue-product-lookup';
import type { AccountPricing } from '../catalogue/catalogue-read-model';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';

type EmailProduct = z.output<typeof emailProductSchema>;

/** One line of a mailed quote, as the customer's screen showed it. */
export interface QuoteLine {
  readonly group: number;
  readonly position: 'Front' | 'Rear' | 'Equipment' | null;
  readonly productId: number;
  readonly sku: string;
  readonly name: string;
  readonly size: string;
  readonly quantity: number;
  readonly priceLabel: 'Trade' | 'RRP' | null;
  /** Each, cents excl. GST; null when prices are hidden. */
  readonly unitCents: number | null;
  readonly stock: string;
}

function stockText(fields: ReturnType<typeof tradeFieldsOfFound>): string {
  switch (fields.stockType) {
    case 'Local':
      return `In stock (${fields.stockQuantity})`;
    case 'Interstate':
      return `Interstate stock (${fields.stockQuantity})`;
    case 'OnOrder':
      return onOrderLabel(fields.onOrderExpectedDate);
    case 'None': {
      const supplier = fields.inventories.reduce((sum, entry) => sum + (entry.isSupplier ? entry.stockQuantity : 0), 0);
      return supplier > 0 ? `Supplier stock (${supplier})` : 'Out of stock';
    }
  }
}

/**
 * The quote's lines: each chosen entry becomes its product, or its front and rear pair, plus any equipment, priced as
 * the account sees it under the screen's price choice. An id that names no product is a 400 on that entry.
 */
export function quoteLines(
  snapshot: CatalogueSnapshot,
  account: AccountPricing,
  products: readonly EmailProduct[],
  choice: ShownPriceChoice,
  now: Date,
): QuoteLine[] {
  return products.flatMap((entry, group) => {
    const parts: { field: 'front' | 'rear' | 'equipmentId'; id: number; position: QuoteLine['position'] }[] = [
      { field: 'front', id: entry.front, position: entry.rear ? 'Front' : null },
      ...(entry.rear ? [{ field: 'rear' as const, id: entry.rear, position: 'Rear' as const }] : []),
      ...(entry.equipmentId
        ? [{ field: 'equipmentId' as const, id: entry.equipmentId, position: 'Equipment' as const }]
        : []),
    ];
    return parts.map(({ field, id, position }) => {
      const found = findProduct(snapshot, id);
      if (!found) {
        throw problems.badRequest('A chosen product is no longer in the catalogue.', [
          { name: `products.${group}.${field}`, reason: 'This product is not in the catalogue' },
        ]);
      }
      // At the line's quantity, so a quantity break the account has shows in its quote.
      const fields = tradeFieldsOfFound(snapshot, found, account, now, entry.quantity);
      const price = shownPrice(fields, choice);
      return {
        group: group + 1,
        position,
        productId: found.record.id,
        sku: found.record.sku,
        name: found.record.name,
        size: productSizeText(found),
        quantity: entry.quantity,
        priceLabel: price?.label ?? null,
        unitCents: price?.cents ?? null,
        stock: stockText(fields),
      };
    });
  });
}
