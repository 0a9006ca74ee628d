import { Popover } from 'radix-ui';
import { type RefObject, useRef } from 'react';
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
  // Closed by a press or focus elsewhere, focus stays where the user put it; closed by Escape, it goes back to the button.
  const leftByInteraction = useRef(false);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={trigger} />
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          onInteractOutside={(event) => {
            // The button toggles the popover itself; a press on it is not a press outside.
            if (event.target instanceof Node && trigger.current?.contains(event.target)) event.preventDefault();
            else leftByInteraction.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!leftByInteraction.current) trigger.current?.focus();
            leftByInteraction.current = false;
          }}
          className="z-50 w-64 rounded-md border border-black/10 bg-white p-3 text-sm shadow-lg"
        >
          <WarehouseBreakdown inventories={product.inventories} caption={`Stock by warehouse: ${name}`} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
