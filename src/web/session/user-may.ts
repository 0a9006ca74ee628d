import type { UserInfo } from '../../contract/account';
import { customerRoleMayCall, priceDisplayFor } from '../../contract/customer-roles';
import type { RouteDefinition } from '../../contract/route';
import { type RouteName, routes } from '../../contract/routes';
import { useCurrentUser } from './session-context';

/**
 * What the signed-in customer's screens offer, read from the route table's `customerRoles` (the declarations the server
 * enforces), so a screen never offers what the server would refuse and no component checks a role itself.
 */
export interface UserMay {
  /** Cart icon and flyout, Add to cart, the quick order pad and checkout. */
  readonly buy: boolean;
  readonly seeOrders: boolean;
  readonly seeInvoices: boolean;
  /** The Payment tab: owners, and buyers the owner allowed, on an account that pays online. */
  readonly payInvoices: boolean;
  /** Product returns and warranty claims: lodge them and follow them on the Returns and claims tab. */
  readonly seeRequests: boolean;
  readonly editAccountDetails: boolean;
  readonly manageUsers: boolean;
  /** Trade prices at all: a counter user is sent RRP, so the screens offer no 'Trade' to choose. */
  readonly seeTradePrices: boolean;
  /** A quote's 'Turn into cart': those who buy. */
  readonly turnQuoteIntoCart: boolean;
  /** The shop's own name, ABN, markup and service prices that quotes carry. */
  readonly setQuoteSettings: boolean;
}

function mayCall(user: UserInfo, route: RouteName): boolean {
  const definition: RouteDefinition = routes[route];
  return user.role !== null && customerRoleMayCall(user.role, definition.customerRoles ?? []);
}

export function userMay(user: UserInfo | null): UserMay {
  if (!user || user.role === null) {
    return {
      buy: false,
      seeOrders: false,
      seeInvoices: false,
      payInvoices: false,
      seeRequests: false,
      editAccountDetails: false,
      manageUsers: false,
      seeTradePrices: false,
      turnQuoteIntoCart: false,
      setQuoteSettings: false,
    };
  }
  return {
    buy: mayCall(user, 'cartAdd') && mayCall(user, 'checkoutComplete'),
    seeOrders: mayCall(user, 'orderHistory'),
    seeInvoices: mayCall(user, 'accountInvoices'),
    payInvoices: user.canPayInvoices && mayCall(user, 'paymentInvoice'),
    seeRequests:
      mayCall(user, 'accountRequests') && mayCall(user, 'formProductReturn') && mayCall(user, 'formWarrantyClaim'),
    editAccountDetails: mayCall(user, 'accountDetailsSave'),
    manageUsers: mayCall(user, 'accountUsers'),
    seeTradePrices: priceDisplayFor(user.role, 'Trade') === 'Trade',
    turnQuoteIntoCart: mayCall(user, 'quoteToCart'),
    setQuoteSettings: mayCall(user, 'quoteSettingsSave'),
  };
}

/** What the signed-in user may do, for the screens. */
export function useUserMay(): UserMay {
  return userMay(useCurrentUser());
}
