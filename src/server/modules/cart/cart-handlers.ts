import type { HandlerContext, Handlers } from '../../http/handler';
import {
  type CartScope,
  accessoriesOfLine,
  addToCart,
  applyDiscountCode,
  cartCount,
  clearCart,
  readCart,
  removeLine,
  setLineAccessories,
  setLineVehicle,
  skipLineAccessories,
  updateLine,
  vehicleOfLine,
} from './cart-service';
import { quickAdd } from './quick-add';

/** The cart of the calling customer; impersonating staff act on the customer's cart. */
const scopeOf = (context: HandlerContext): CartScope => ({
  db: context.db,
  catalogue: context.catalogue,
  accountId: context.customer().accountId,
  userId: context.customer().userId,
  now: context.now(),
});

export const cartHandlers = {
  cartGet: async (_request, context) => readCart(scopeOf(context)),
  cartCount: async (_request, context) => ({ count: await cartCount(scopeOf(context)) }),
  cartAdd: async ({ body }, context) => addToCart(scopeOf(context), body),
  cartUpdate: async ({ body }, context) => updateLine(scopeOf(context), body.id, body.quantity),
  cartRemove: async ({ body }, context) => removeLine(scopeOf(context), body.id),
  cartClear: async (_request, context) => clearCart(scopeOf(context)),
  cartDiscount: async ({ body }, context) => applyDiscountCode(scopeOf(context), body.code),
  cartVehicleGet: async ({ query }, context) => vehicleOfLine(scopeOf(context), query.id),
  cartVehicleSet: async ({ body }, context) => setLineVehicle(scopeOf(context), body.id, body.vehicleId, body.action),
  cartAccessoriesGet: async ({ query }, context) => accessoriesOfLine(scopeOf(context), query.id),
  cartAccessoriesSet: async ({ body }, context) => setLineAccessories(scopeOf(context), body.id, body.productIds),
  cartQuickAdd: async ({ body }, context) => quickAdd(scopeOf(context), body.lines),
  cartAccessoriesSkip: async ({ body }, context) => skipLineAccessories(scopeOf(context), body.id, body.optional),
} satisfies Partial<Handlers>;
