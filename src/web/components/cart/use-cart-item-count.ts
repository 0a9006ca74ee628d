import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../session/session-context';
import { useUserMay } from '../../session/user-may';
import { useShellRole } from '../layout/use-shell-role';
import { cartCountQuery } from '../../api/queries/cart';

/**
 * The number of items in the cart, for the header's cart icon: Cart/Count, loaded only for a signed-in customer
 * who may buy (SPEC.md §4, docs/accounts-and-roles.md), and replaced by every cart answer.
 */
export function useCartItemCount(): number {
  const api = useApi();
  const role = useShellRole();
  const mayBuy = useUserMay().buy;
  const isCustomer = role === 'customer' && mayBuy;
  const count = useQuery({ ...cartCountQuery(api), enabled: isCustomer });
  return isCustomer ? (count.data ?? 0) : 0;
}
