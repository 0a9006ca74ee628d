import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { type ReactNode, useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { BackOrderLine, CartItem, CartUnavailableItem } from '../../../contract/cart';
import type { OrderPresentation } from '../../../contract/order-presentation';
import { PresentedTotals, usePresentationMode } from '../checkout/order-presentation-view';
import type { AccessoriesWizardInput, EditStep } from '../../../../machines/accessories-wizard';
import { useApi } from '../../session/session-context';
import { CloseIcon } from '../layout/icons';
import { isShortcutKey } from '../layout/shortcut-key';
import { AccessoriesWizard, useAccessoriesWizardActor } from './accessories-wizard';
import { CartLine } from './cart-line';
import { CartNotice } from './cart-notice';
import { UnavailableCartLine } from './unavailable-cart-line';
import { onCartFlyoutRequest } from './cart-flyout-requests';
import { cartStateQuery, useStoreCartState } from '../../api/queries/cart';
import { ConfirmButton } from './confirm-button';
import { QuoteThisCart } from '../quotes/quote-this-cart';

type FlyoutView = { kind: 'cart' } | { kind: 'wizard'; input: AccessoriesWizardInput };

function wizardItems(items: readonly CartItem[]) {
  return items
    .filter((item) => item.productType === 'Wheel')
    .map((item) => ({ id: item.id, name: item.productName, accessoryStatus: item.accessoryStatus }));
}

function WizardPane({
  input,
  onDone,
  onClose,
}: {
  input: AccessoriesWizardInput;
  onDone: () => void;
  onClose: () => void;
}) {
  const actor = useAccessoriesWizardActor(input);
  return <AccessoriesWizard actor={actor} onDone={onDone} onClose={onClose} />;
}

function CartPane({
  items,
  unavailableItems,
  backOrders,
  presentation,
  onEdit,
}: {
  items: readonly CartItem[];
  unavailableItems: readonly CartUnavailableItem[];
  backOrders: readonly BackOrderLine[];
  presentation: OrderPresentation;
  onEdit: (item: CartItem, step: EditStep) => void;
}) {
  const api = useApi();
  const mode = usePresentationMode(presentation);
  const store = useStoreCartState();
  const remove = useMutation({
    mutationFn: async (id: number) => store(await api.call('cartRemove', { body: { id } })),
  });
  const clear = useMutation({ mutationFn: async () => store(await api.call('cartClear')) });
  // The cart opens on its way out: Enter goes to checkout, so the counter is two keys from a line added to paying.
  const checkout = useRef<HTMLAnchorElement>(null);
  useEffect(() => checkout.current?.focus(), []);
  if (items.length === 0 && unavailableItems.length === 0)
    return <p className="py-8 text-center font-bold">Your Cart is Empty</p>;
  return (
    <>
      {unavailableItems.length > 0 ? (
        <section aria-label="No longer available" className="mb-2">
          <p role="alert" className="rounded bg-red-50 p-2 text-xs text-red-800">
            Remove the items no longer available to check out.
          </p>
          <ul>
            {unavailableItems.map((item) => (
              <UnavailableCartLine key={item.id} item={item} onRemove={() => remove.mutate(item.id)} />
            ))}
          </ul>
        </section>
      ) : null}
      <ul>
        {items.map((item) => (
          <CartLine
            key={item.id}
            item={item}
            line={presentation.lines.find((line) => line.id === item.id)}
            mode={mode}
            backOrders={backOrders.filter((split) => split.cartItemId === item.id)}
            onDelete={() => remove.mutate(item.id)}
            onEdit={(step) => onEdit(item, step)}
          />
        ))}
      </ul>
      <ConfirmButton
        label="Remove All Items"
        question="Are you sure you wish to remove all items from your cart?"
        confirmLabel="Yes, Remove All"
        onConfirm={() => clear.mutate()}
        className="mt-2 text-sm text-red-700 underline"
      >
        Remove All Items
      </ConfirmButton>
      <QuoteThisCart items={items} />
      <div className="mt-4 space-y-2 border-t border-black/10 pt-3 text-sm">
        <PresentedTotals presentation={presentation} mode={mode} />
        <p className="text-xs text-black/70">GST and shipping are calculated at checkout.</p>
        <p className="text-xs text-black/70">
          Shipping applies to each warehouse when your stock comes from multiple warehouses.
        </p>
        <p className="rounded bg-panel p-2 text-xs">
          Wheel return policy: wheels that have been fitted, mounted with tyres or damaged cannot be returned. See our{' '}
          <Link to="/returns-policy" className="underline">
            returns policy
          </Link>
          .
        </p>
        {unavailableItems.length > 0 ? (
          <p className="block rounded bg-black/20 px-4 py-2 text-center font-bold text-white" aria-disabled="true">
            Checkout
          </p>
        ) : (
          <Link
            ref={checkout}
            to="/checkout"
            className="block rounded bg-brand px-4 py-2 text-center font-bold text-white"
          >
            Checkout
          </Link>
        )}
      </div>
    </>
  );
}

/**
 * The cart flyout (SPEC.md §2 'Cart'): opened from the header's cart button or the 'c' key, closed by an outside
 * click or any navigation. It opens on the accessories wizard, which goes straight back to the cart when no wheel needs action.
 */
export function CartFlyout({ trigger }: { trigger: ReactNode }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<FlyoutView>({ kind: 'cart' });
  const cart = useQuery(cartStateQuery(api));
  const items = cart.data?.items ?? [];
  const showCart = useCallback(() => setView({ kind: 'cart' }), []);
  const close = useCallback(() => {
    setOpen(false);
    setView({ kind: 'cart' });
  }, []);
  const router = useRouter();
  // Any navigation (Checkout, a product, the returns policy) leaves the drawer: it closes rather than cover the page.
  useEffect(() => router.subscribe('onBeforeNavigate', close), [router, close]);
  const openChange = (next: boolean) => {
    setOpen(next);
    if (next && cart.data) setView({ kind: 'wizard', input: { items: wizardItems(cart.data.items) } });
    if (!next) setView({ kind: 'cart' });
  };
  // A page that filled the cart (Order again) opens the flyout as the cart button would, on the latest cart.
  const openRequested = useEffectEvent(() => openChange(true));
  useEffect(() => onCartFlyoutRequest(openRequested), []);
  // 'c' opens the cart from anywhere on the page, the quantity box of a line just added included (isShortcutKey).
  const openFromKeyboard = useEffectEvent((event: KeyboardEvent) => {
    if (open || !isShortcutKey(event, 'c')) return;
    event.preventDefault();
    openChange(true);
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => openFromKeyboard(event);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <CartNotice />
      <Dialog.Root open={open} onOpenChange={openChange}>
        <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
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
            <Dialog.Description className="sr-only">The items in your cart</Dialog.Description>
            {cart.isPending ? (
              <p role="status">Loading your cart…</p>
            ) : cart.isError ? (
              <p role="alert">Your cart could not be loaded.</p>
            ) : view.kind === 'wizard' ? (
              <WizardPane input={view.input} onDone={showCart} onClose={close} />
            ) : (
              <CartPane
                items={items}
                unavailableItems={cart.data.unavailableItems}
                backOrders={cart.data.backOrders}
                presentation={cart.data.presentation}
                onEdit={(item, step) =>
                  setView({ kind: 'wizard', input: { items: wizardItems(items), edit: { itemId: item.id, step } } })
                }
              />
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
