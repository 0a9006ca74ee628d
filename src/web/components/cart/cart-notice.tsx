import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { cartNoticeMachine, noticeText } from '../../../../machines/cart-notice';
import { actorOptions } from '../../dev/actor-options';
import { useApi } from '../../session/session-context';
import { useShellRole } from '../layout/use-shell-role';
import { cartCountQuery } from '../../api/queries/cart';
import { useCartItemCount } from './use-cart-item-count';

/**
 * 'N Item(s) Added to Cart' / 'Removed from Cart' for 3 s after the count changes (SPEC.md §4); an addition says
 * which key opens the cart (CartFlyout), for a keyboard at the counter.
 */
export function CartNotice() {
  const api = useApi();
  const queryClient = useQueryClient();
  const signedIn = useShellRole() === 'customer';
  const count = useCartItemCount();
  const actor = useActorRef(
    // The baseline is the header's own Cart/Count (the same query, shared), not a second request for the same number.
    cartNoticeMachine.provide({
      actors: { loadCount: fromPromise(() => queryClient.ensureQueryData(cartCountQuery(api))) },
    }),
    actorOptions('cart-notice'),
  );
  useEffect(() => {
    actor.send({ type: signedIn ? 'session.signedIn' : 'session.signedOut' });
  }, [actor, signedIn]);
  useEffect(() => {
    actor.send({ type: 'cart.counted', count });
  }, [actor, count]);
  const showing = useSelector(actor, (snapshot) => snapshot.matches('showing'));
  const change = useSelector(actor, (snapshot) => snapshot.context.change);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed right-4 top-20 z-50">
      {showing ? (
        <p className="rounded bg-ink px-4 py-2 text-sm font-bold text-white shadow-lg">
          {noticeText(change)}
          {change > 0 ? (
            <span className="hidden text-xs font-normal sm:block">
              Press <kbd className="font-mono">C</kbd> for your cart
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
