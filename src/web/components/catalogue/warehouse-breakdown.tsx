import type { z } from 'zod';
import type { inventorySchema } from '../../../contract/catalogue-common';
import { expectedDateWords } from '../../../domain/stock-availability';

/** Stock per warehouse: the company's own first, then supplier stock (WEST COAST, EAST COAST, SUPPLIER STOCK). */
export function WarehouseBreakdown({
  inventories,
  caption,
}: {
  inventories: readonly z.infer<typeof inventorySchema>[];
  caption: string;
}) {
  const rows = [...inventories].sort((a, b) => Number(a.isSupplier) - Number(b.isSupplier));
  return (
    <table className="w-full text-sm">
      <caption className="mb-1 text-left text-xs font-semibold uppercase tracking-wide text-black/60">
        {caption}
      </caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Warehouse</th>
          <th scope="col">In stock</th>
          <th scope="col">On order</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={3} className="py-1 text-black/60">
              No warehouse holds this product.
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.warehouseName} className="border-t border-black/5">
              <th scope="row" className={`py-1 pr-2 text-left font-medium ${row.isSupplier ? 'text-black/60' : ''}`}>
                {row.warehouseName}
              </th>
              <td
                className={`py-1 text-right tabular-nums ${row.stockQuantity > 0 ? 'font-semibold' : 'text-black/60'}`}
              >
                {row.stockQuantity}
              </td>
              <td className="py-1 pl-2 text-right text-xs text-sky-700 tabular-nums">
                {row.onOrderQuantity > 0
                  ? `+${row.onOrderQuantity} on order${expectedDateWords(row.onOrderExpectedDate)}`
                  : ''}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
