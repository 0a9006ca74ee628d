import { type ReactNode, useRef, useState } from 'react';
import type { z } from 'zod';
import type { inventorySchema, stockTypeSchema } from '../../../contract/catalogue-common';
import { onOrderLabel } from '../../../domain/stock-availability';
import { ChevronDownIcon } from '../layout/icons';
import { preloadable } from '../layout/preloadable';

/** The breakdown popover and its positioning code come on first use, not with the result list (docs/performance.md). */
const breakdown = preloadable(() => import('./stock-breakdown-popover'));
const preloadBreakdown = () => void breakdown.preload().catch(() => undefined);

type Inventory = z.infer<typeof inventorySchema>;

export interface StockedProduct {
  readonly stockType: z.infer<typeof stockTypeSchema>;
  /** What the company's own warehouses hold together. */
  readonly stockQuantity: number;
  /** Of that, what the warehouse serving the account's state holds. */
  readonly localStockQuantity: number;
  /** The earliest date inbound stock is expected ('YYYY-MM-DD'), when the feed says. */
  readonly onOrderExpectedDate: string | null;
  readonly inventories: readonly Inventory[];
}

const supplierQuantity = (inventories: readonly Inventory[]) =>
  inventories.reduce((sum, entry) => sum + (entry.isSupplier ? entry.stockQuantity : 0), 0);

/**
 * The words and colour of a stock type (SPEC.md §3 'Product stock'). The local warehouse's figure is never merged
 * with the other warehouses': '9 local · 99 interstate', so a counter does not promise today what ships from afar.
 */
export function stockSummary(product: StockedProduct): { label: string; tone: string } {
  const interstate = product.stockQuantity - product.localStockQuantity;
  switch (product.stockType) {
    case 'Local':
      return {
        label:
          interstate > 0
            ? `${product.localStockQuantity} local · ${interstate} interstate`
            : `${product.localStockQuantity} local`,
        tone: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
      };
    case 'Interstate':
      return { label: `${interstate} interstate`, tone: 'bg-amber-50 text-amber-800 ring-amber-600/30' };
    case 'OnOrder':
      return { label: onOrderLabel(product.onOrderExpectedDate), tone: 'bg-sky-50 text-sky-800 ring-sky-600/30' };
    case 'None': {
      const supplier = supplierQuantity(product.inventories);
      return supplier > 0
        ? { label: `Supplier · ${supplier}`, tone: 'bg-violet-50 text-violet-800 ring-violet-600/30' }
        : { label: 'Out of stock', tone: 'bg-black/5 text-black/60 ring-black/15' };
    }
  }
}

/** The stock badge; opens the per-warehouse breakdown. */
export function StockBadge({ product, name }: { product: StockedProduct; name: string }) {
  const summary = stockSummary(product);
  return (
    <StockBreakdownButton
      product={product}
      name={name}
      label={summary.label}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${summary.tone}`}
    >
      {summary.label}
    </StockBreakdownButton>
  );
}

/** The dense list's two stock columns: the local warehouse's figure and the own warehouses' total, which opens the breakdown. */
export function StockColumns({ product, name }: { product: StockedProduct; name: string }) {
  const { label, tone } = stockSummary(product);
  return (
    <>
      <span
        className={`text-right text-sm tabular-nums ${product.localStockQuantity > 0 ? 'font-bold text-emerald-800' : 'text-black/60'}`}
      >
        <span className="sr-only">Local stock </span>
        {product.localStockQuantity}
      </span>
      <StockBreakdownButton
        product={product}
        name={name}
        label={label}
        className={`inline-flex items-center justify-end gap-0.5 justify-self-end whitespace-nowrap rounded px-1.5 py-0.5 text-sm font-semibold tabular-nums ring-1 ring-inset ${tone}`}
      >
        <span className="sr-only">Total stock </span>
        {product.stockQuantity}
      </StockBreakdownButton>
    </>
  );
}

function StockBreakdownButton({
  product,
  name,
  label,
  className,
  children,
}: {
  product: StockedProduct;
  name: string;
  label: string;
  className: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const part = breakdown.usePart(open);
  const Breakdown = part.status === 'loaded' ? part.module.StockBreakdownPopover : undefined;
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={`${label}: stock by warehouse for ${name}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preloadBreakdown}
        onTouchStart={preloadBreakdown}
        onFocus={preloadBreakdown}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className={`${className} focus-visible:outline-2 focus-visible:outline-brand`}
      >
        {children}
        <ChevronDownIcon className="h-3 w-3" />
      </button>
      {Breakdown ? (
        <Breakdown product={product} name={name} open={open} onOpenChange={setOpen} trigger={trigger} />
      ) : null}
    </>
  );
}
