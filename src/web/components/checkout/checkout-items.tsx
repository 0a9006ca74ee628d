import { useMutation } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { Fragment, useState } from 'react';
import type { CartItem, CartState } from '../../../contract/cart';
import type { AccessoriesWizardInput, EditStep } from '../../../../machines/accessories-wizard';
import { useStoreCheckoutData } from '../../api/queries/checkout';
import { useApi } from '../../session/session-context';
import { AccessoriesWizard, useAccessoriesWizardActor } from '../cart/accessories-wizard';
import { CartLine } from '../cart/cart-line';
import { CloseIcon } from '../layout/icons';
import { CheckoutSection } from './checkout-section';
import { usePresentationMode } from './order-presentation-view';

function wizardInput(items: readonly CartItem[], item: CartItem, step: EditStep): AccessoriesWizardInput {
  return {
    items: items
      .filter((line) => line.productType === 'Wheel')
      .map((line) => ({ id: line.id, name: line.productName, accessoryStatus: line.accessoryStatus })),
    edit: { itemId: item.id, step },
  };
}

/** Where the wizard opens for a wheel still to be decided: its vehicle first, or its accessories once it has one. */
const undecidedStep = (item: CartItem): EditStep => (item.accessoryInfo?.vehicleId == null ? 'vehicle' : 'accessories');

/** Under a wheel whose accessories are undecided: why it blocks the order, and the way into the wizard at that wheel. */
function UndecidedWheel({ item, onChoose }: { item: CartItem; onChoose: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-2 border-b border-black/10 bg-amber-50 px-2 py-2 text-sm">
      <span className="flex-1 font-bold text-amber-900">
        {item.productName}: choose its vehicle and accessories, or No Accessories Required, before placing the order.
      </span>
      <button
        type="button"
        className="rounded bg-brand px-3 py-1 font-bold text-white"
        aria-label={`Choose accessories for ${item.productName}`}
        onClick={onChoose}
      >
        Choose accessories
      </button>
    </li>
  );
}

function WizardPane({ input, onDone }: { input: AccessoriesWizardInput; onDone: () => void }) {
  const actor = useAccessoriesWizardActor(input);
  return <AccessoriesWizard actor={actor} onDone={onDone} onClose={onDone} />;
}

/**
 * The checkout's items (SPEC.md §2): the cart's lines, a wheel with its vehicle and accessories rows whose edit
 * buttons open the cart flyout's accessories wizard at step 1 or 2 ('Item 1 of 1'); a wheel still to be decided
 * says so, with a button into the wizard at that wheel.
 */
export function CheckoutItems({ cart }: { cart: CartState }) {
  const { items, presentation } = cart;
  const mode = usePresentationMode(presentation);
  const api = useApi();
  const store = useStoreCheckoutData();
  const [editing, setEditing] = useState<AccessoriesWizardInput | null>(null);
  const remove = useMutation({
    mutationFn: async (id: number) => store(await api.call('checkoutRemove', { body: { id } })),
  });
  const close = () => setEditing(null);
  return (
    <CheckoutSection title="Items">
      {items.length === 0 ? (
        <p className="py-4 text-center font-bold">Your Cart is Empty</p>
      ) : (
        <ul>
          {items.map((item) => (
            <Fragment key={item.id}>
              <CartLine
                item={item}
                line={presentation.lines.find((line) => line.id === item.id)}
                mode={mode}
                // The checkout lists its back-orders once, beside the consent they need (BackOrderSection).
                backOrders={[]}
                onDelete={() => remove.mutate(item.id)}
                onEdit={(step) => setEditing(wizardInput(items, item, step))}
              />
              {item.accessoryStatus === 'ActionRequired' ? (
                <UndecidedWheel
                  item={item}
                  onChoose={() => setEditing(wizardInput(items, item, undecidedStep(item)))}
                />
              ) : null}
            </Fragment>
          ))}
        </ul>
      )}
      <Dialog.Root open={editing !== null} onOpenChange={(open) => (open ? undefined : close())}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[28rem] max-w-[95vw] flex-col overflow-y-auto bg-white p-4 shadow-xl focus:outline-none">
            <div className="flex items-center justify-between">
              <Dialog.Title className="text-lg font-bold text-ink">Cart</Dialog.Title>
              <Dialog.Close
                aria-label="Close cart"
                className="inline-flex h-10 w-10 items-center justify-center rounded hover:bg-panel"
              >
                <CloseIcon className="h-6 w-6" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">Edit the vehicle or accessories of a wheel</Dialog.Description>
            {editing ? <WizardPane input={editing} onDone={close} /> : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </CheckoutSection>
  );
}
