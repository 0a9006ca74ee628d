import { Popover } from 'radix-ui';
import type { RefObject } from 'react';
import { WarehouseBreakdown } from './warehouse-breakdown';
import type { StockedProduct } from './stock-badge';

export interface StockBreakdownPopoverProps {
  readonly product: StockedProduct;
  readonly name: string;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The stock button, drawn by stock-badge.tsx before this chunk arrives: the popover sits at it and gives focus back to it. */
  readonly trigger: RefObject<HTMLButtonElement | null>;
}

/** The per-warehouse breakdown under a stock button (fetched on the first hover, focus or click of one). */
export function StockBreakdownPopover({ product, name, open, onOpenChange, trigger }: StockBreakdownPopoverProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={trigger} />
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          // The button toggles the popover itself; a press on it is not a press outside.
          onInteractOutside={(event) => {
            if (event.target instanceof Node && trigger.current?.contains(event.target)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="z-50 w-64 rounded-md border border-black/10 bg-white p-3 text-sm shadow-lg"
        >
          <WarehouseBreakdown inventories={product.inventories} caption={`Stock by warehouse: ${name}`} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
