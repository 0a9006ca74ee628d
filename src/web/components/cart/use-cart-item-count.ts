import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../session/session-context';
import { useShellRole } from '../layout/use-shell-role';
import { cartCountQuery } from '../../api/queries/cart';

/**
 * The number of items in the cart, for the header's cart icon: Cart/Count, loaded only for a signed-in customer
 * (SPEC.md §4), and replaced by every cart answer.
 */
export function useCartItemCount(): number {
  const api = useApi();
  const isCustomer = useShellRole() === 'customer';
  const count = useQuery({ ...cartCountQuery(api), enabled: isCustomer });
  return isCustomer ? (count.data ?? 0) : 0;
}
