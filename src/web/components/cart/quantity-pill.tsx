import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { MAX_LINE_QUANTITY } from '../../../contract/cart';
import type { CartItem, CartStock } from '../../../contract/cart';
import {
  type LinePromotion,
  type QuantityPillInput,
  isUnderstocked,
  parseTypedQuantity,
  quantityPillMachine,
} from '../../../../machines/quantity-pill';
import { actorOptions } from '../../dev/actor-options';
import { useApi } from '../../session/session-context';
import { cartStateQuery, useStoreCartState } from '../../api/queries/cart';
import { RESULT_QUANTITY } from '../catalogue/result-keyboard';

export type QuantityPillActor = ActorRefFrom<typeof quantityPillMachine>;

function lineOf(state: { items: readonly CartItem[] }, productId: number, itemId: number | null) {
  return state.items.find((item) => (itemId === null ? item.productId === productId : item.id === itemId));
}

/**
 * The pill's actor with the cart calls behind it; each answer replaces the cart state. The cart state is the one
 * quantity of a line however many views show it (the flyout, the checkout page, a product card): while this pill is
 * idle it follows that state, so a change made in another view shows here too.
 */
export function useQuantityPillActor(input: QuantityPillInput) {
  const api = useApi();
  const store = useStoreCartState();
  const actor = useActorRef(
    quantityPillMachine.provide({
      actors: {
        addToCart: fromPromise(async ({ input: add }) => {
          const state = store(
            await api.call('cartAdd', {
              body: { productId: add.productId, quantity: add.quantity, vehicleId: add.vehicleId },
            }),
          );
          const line = lineOf(state, add.productId, null);
          if (!line) throw new Error('The cart did not keep the product.');
          return { itemId: line.id, quantity: line.quantity };
        }),
        saveQuantity: fromPromise(async ({ input: save }) => {
          const state = store(await api.call('cartUpdate', { body: { id: save.itemId, quantity: save.quantity } }));
          return { itemId: save.itemId, quantity: lineOf(state, 0, save.itemId)?.quantity ?? save.quantity };
        }),
        removeLine: fromPromise(async ({ input: remove }) => {
          store(await api.call('cartRemove', { body: { id: remove.itemId } }));
        }),
      },
    }),
    { ...actorOptions('quantity-pill'), input },
  );
  const { itemId } = input;
  const cartQuantity = useQuery({
    ...cartStateQuery(api),
    enabled: false,
    select: (state) => (itemId === null ? undefined : state.items.find((item) => item.id === itemId)?.quantity),
  }).data;
  useEffect(() => {
    if (cartQuantity !== undefined) actor.send({ type: 'qty.synced', quantity: cartQuantity });
  }, [actor, cartQuantity]);
  return actor;
}

export function linePromotion(item: Pick<CartItem, 'isCashBack4Eligible' | 'isBuyXGetYFreeEligible'>): LinePromotion {
  if (item.isCashBack4Eligible) return 'CashBack4';
  if (item.isBuyXGetYFreeEligible) return 'BuyXGetYFree';
  return null;
}

function promotionText(promotion: LinePromotion, remaining: number): string | null {
  if (promotion === 'CashBack4') return 'Cashback applies to every set of 4.';
  if (promotion === 'BuyXGetYFree')
    return remaining > 0
      ? `Add ${remaining} more to complete your buy-X-get-Y-free set.`
      : 'Your buy-X-get-Y-free set is complete.';
  return null;
}

/** The stock popup says what the own warehouses hold, and keeps the line's promotion in view beside it. */
function popupText(
  reason: 'stock' | 'promotion',
  promotion: LinePromotion,
  stock: CartStock,
  remaining: number,
): string {
  const offer = promotionText(promotion, remaining);
  if (reason === 'promotion') return offer ?? '';
  const held =
    stock.stockQuantity === 0
      ? 'None in stock in our warehouses; it comes from supplier stock and may take longer.'
      : `Only ${stock.stockQuantity} in stock in our warehouses; the rest comes from supplier stock and may take longer.`;
  return offer === null ? held : `${held} ${offer}`;
}

/**
 * Add to Cart with a quantity box before it: the box starts at 1, so a click adds 1 as SPEC.md §4 says;
 * at the counter a number typed into the box and Enter adds that many in one go.
 */
function AddWithQuantity({
  actor,
  name,
  adding,
  failed,
}: {
  actor: QuantityPillActor;
  name: string;
  adding: boolean;
  failed: boolean;
}) {
  const [typed, setTyped] = useState('1');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (adding) return;
    actor.send({ type: 'qty.add', quantity: parseTypedQuantity(typed) ?? 1 });
  };
  return (
    <form onSubmit={submit} className="inline-flex flex-col items-end">
      <div className="inline-flex items-center gap-1">
        <input
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          aria-label={`Quantity to add of ${name}`}
          value={typed}
          {...{ [RESULT_QUANTITY]: '' }}
          onChange={(event) => setTyped(event.target.value.replace(/\D/g, '').slice(0, 3))}
          onFocus={(event) => event.target.select()}
          className="h-8 w-10 rounded border border-black/20 bg-white text-center text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-brand"
        />
        <button
          type="submit"
          disabled={adding}
          className="h-8 whitespace-nowrap rounded bg-brand px-2 text-sm font-bold sm:px-3 text-white disabled:opacity-60"
        >
          {adding ? 'Adding…' : 'Add to Cart'}
        </button>
      </div>
      {failed ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          Not added. Please try again.
        </p>
      ) : null}
    </form>
  );
}

/** The per-line quantity control (SPEC.md §4), drawn from the pill machine's snapshot. */
export function QuantityPill({
  actor,
  name,
  stock,
  remaining = 0,
  focusQuantity = false,
}: {
  actor: QuantityPillActor;
  name: string;
  stock: CartStock;
  remaining?: number;
  /** Put the cursor in the quantity as the pill appears (the line was just added from the keyboard). */
  focusQuantity?: boolean;
}) {
  const quantityBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusQuantity) quantityBox.current?.focus();
  }, [focusQuantity]);
  const quantity = useSelector(actor, (snapshot) => snapshot.context.quantity);
  const inCart = useSelector(actor, (snapshot) => !snapshot.matches('notInCart') && !snapshot.matches('adding'));
  const adding = useSelector(actor, (snapshot) => snapshot.matches('adding'));
  const popup = useSelector(actor, (snapshot) => snapshot.context.popup);
  const promotion = useSelector(actor, (snapshot) => snapshot.context.promotion);
  const failed = useSelector(actor, (snapshot) => snapshot.context.failed);
  const max = useSelector(actor, (snapshot) => snapshot.context.max);
  const understocked = isUnderstocked(quantity, stock);
  if (!inCart) return <AddWithQuantity actor={actor} name={name} adding={adding} failed={failed} />;
  return (
    <div>
      <div
        className={`inline-flex items-center rounded-full border ${understocked ? 'border-amber-500 bg-amber-50' : 'border-black/20'}`}
        data-understocked={understocked}
      >
        <button
          type="button"
          aria-label={`Decrease quantity of ${name}`}
          onClick={() => actor.send({ type: 'qty.decrement' })}
          className="h-8 w-8 rounded-full text-lg"
        >
          −
        </button>
        <input
          ref={quantityBox}
          type="number"
          inputMode="numeric"
          aria-label={`Quantity of ${name}`}
          min={0}
          max={max}
          value={quantity}
          onChange={(event) => actor.send({ type: 'qty.typed', value: event.target.value })}
          className="w-12 bg-transparent text-center text-sm [appearance:textfield]"
        />
        <button
          type="button"
          aria-label={`Increase quantity of ${name}`}
          onClick={() => actor.send({ type: 'qty.increment' })}
          className="h-8 w-8 rounded-full text-lg"
        >
          +
        </button>
      </div>
      {understocked ? <p className="mt-1 text-xs text-amber-800">More than we hold locally</p> : null}
      {failed ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          The quantity was not changed. Please try again.
        </p>
      ) : null}
      {popup ? (
        <div role="status" className="mt-1 flex items-start gap-2 rounded bg-panel p-2 text-xs">
          <span>{popupText(popup, promotion, stock, remaining)}</span>
          {popup === 'stock' && stock.stockQuantity > 0 ? (
            <button
              type="button"
              onClick={() => actor.send({ type: 'qty.typed', value: String(stock.stockQuantity) })}
              className="whitespace-nowrap font-bold underline"
            >
              Change to {stock.stockQuantity}
            </button>
          ) : null}
          <button type="button" aria-label="Close message" onClick={() => actor.send({ type: 'qty.closePopup' })}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function pillInputOf(item: CartItem): QuantityPillInput {
  return {
    productId: item.productId,
    itemId: item.id,
    quantity: item.quantity,
    vehicleId: item.accessoryInfo?.vehicleId ?? null,
    stock: item.stock,
    promotion: linePromotion(item),
    max: MAX_LINE_QUANTITY,
  };
}
