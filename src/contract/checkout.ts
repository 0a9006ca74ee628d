import { z } from 'zod';
import { MAX_LINE_QUANTITY, backOrderLineSchema, cartStateSchema } from './cart';
import { bodyId, queryId } from './ids';
import { backOrderedLineSchema, moneySchema, orderPresentationSchema } from './order-presentation';
import { buyersToo } from './customer-roles';
import { defineRoute } from './route';

/** SPEC.md §5 and §9: stock number and order number, optional, at most 35 characters. */
export const CHECKOUT_REFERENCE_MAX = 35;
export const STOCK_NUMBER_TOO_LONG = 'Stock number can only be 35 characters long';
export const ORDER_NUMBER_TOO_LONG = 'Order number can only be 35 characters long';
/** SPEC.md §8: the Trading Account refusal. */
export const CREDIT_LIMIT_REACHED = 'Credit limit reached - Please make a payment via My Account to place a new order';
/** Why a cart with a wheel whose accessories are undecided (ActionRequired) cannot be ordered: page and server. */
export const ACCESSORIES_UNDECIDED =
  'Choose the vehicle and accessories of every wheel (or No Accessories Required) before placing the order.';

export const shippingSystemNameSchema = z.enum([
  'Shipping.Standard',
  'Shipping.FreeBulk',
  'Shipping.RegionalFreeBulk',
  'Shipping.Pickup',
]);
export type ShippingSystemName = z.infer<typeof shippingSystemNameSchema>;

export const paymentMethodSystemNames = ['Payments.TradingAccount', 'Payments.PayPal', 'Payments.Card'] as const;
export const paymentMethodSystemNameSchema = z.enum(paymentMethodSystemNames);
export type PaymentMethodSystemName = z.infer<typeof paymentMethodSystemNameSchema>;

/**
 * Placed: a Trading Account order (invoiced, due in the account's terms). PendingPayment: a card or PayPal order whose
 * payment has not come back yet; its stock is reserved until `reservedUntil`. Paid: its payment came back captured.
 * PaymentFailed: it came back refused, and Expired: no payment came back in time; both gave their stock back.
 * PaidAfterRelease: a payment came back captured after the order had given its stock back (staff see these,
 * Staff/PaidAfterRelease); staff then confirm it, which takes its stock again and makes it Paid, or refund it through
 * the provider, which makes it Refunded. docs/checkout.md 'Reservation and release'.
 */
export const orderStatuses = [
  'Placed',
  'PendingPayment',
  'Paid',
  'PaymentFailed',
  'Expired',
  'PaidAfterRelease',
  'Refunded',
] as const;
export const orderStatusSchema = z.enum(orderStatuses);

/**
 * A card or PayPal payment: Pending until the provider calls back, then Completed or Failed (the provider's message
 * kept); Refunded when staff gave a Completed one back in full through its provider.
 */
export const paymentStatuses = ['Pending', 'Completed', 'Failed', 'Refunded'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** SPEC.md §3 'Shipping method'. Money as formatted AUD with the cents beside it (…Value). */
export const shippingMethodSchema = z.object({
  name: z.string(),
  fee: z.string(),
  feeValue: z.int(),
  selected: z.boolean(),
  displayOrder: z.int(),
  isBulkDelivery: z.boolean(),
  hasRegionalBulkDelivery: z.boolean(),
  /** What free bulk saves against Standard, in cents; the page shows it with 2 decimals. */
  amountSaved: z.int(),
  bulkDeliveryInfos: z.array(z.object({ quantity: z.int(), warehouseName: z.string(), days: z.int() })),
  regionalBulkDeliveryInfos: z.array(z.object({ days: z.int() })),
  shippingRateComputationMethodSystemName: shippingSystemNameSchema,
  isPickupInStore: z.boolean(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

/** SPEC.md §3 'Checkout data'. Lines excl. GST; GST 10% on the order total (docs/checkout.md gives the rounding). */

/** The checkout's consent to back-orders, the words of its checkbox and of the refusal without it. */
export const BACK_ORDER_CONSENT = 'Send what is in stock now and the rest when it arrives';

export const checkoutDataSchema = z.object({
  shoppingCart: cartStateSchema,
  address: z.object({ address1: z.string(), city: z.string(), zipPostalCode: z.string(), state: z.string() }),
  shippingMethods: z.array(shippingMethodSchema),
  /**
   * The presentation's figures: subTotal is its subtotal excl. GST after the discount (= shoppingCart.subTotal),
   * orderTotalDiscount what the discount took off, orderTotal = subTotal + shipping + tax.
   */
  orderTotals: z.object({
    subTotal: moneySchema,
    shipping: moneySchema,
    tax: moneySchema,
    orderTotalDiscount: moneySchema,
    orderTotal: moneySchema,
  }),
  warehouseShippings: z.array(
    z.object({ quantity: z.int(), sku: z.string(), warehouseName: z.string(), cost: moneySchema }),
  ),
  /** SPEC.md §3: a string holding a Code="…" fragment, or null when no code applies. */
  discountCode: z.string().nullable(),
  /** The order as the page shows it (docs/checkout.md 'Invoice presentation'); orderTotals are its figures. */
  presentation: orderPresentationSchema,
  /** The lines partly or wholly back-ordered; placing them needs `acceptBackOrders` on Checkout/Complete. */
  backOrders: z.array(backOrderLineSchema),
});
export type CheckoutData = z.infer<typeof checkoutDataSchema>;

/** SPEC.md §3 'Payment method'. */
export const paymentMethodSchema = z.object({
  name: z.string(),
  fee: z.string(),
  logoUrl: z.string(),
  selected: z.boolean(),
  paymentMethodSystemName: paymentMethodSystemNameSchema,
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** SPEC.md §3 'Redirect result': posted by a hidden form to the payment provider. */
export const redirectResultSchema = z.object({
  url: z.string(),
  keys: z.array(z.string()),
  values: z.array(z.string()),
});
export type RedirectResult = z.infer<typeof redirectResultSchema>;

/** SPEC.md §3 'PayPal result'. */
export const payPalResultSchema = z.object({
  paypalClientId: z.string(),
  paypalOrderId: z.string(),
  paypalOrderTotal: z.string(),
});
export type PayPalResult = z.infer<typeof payPalResultSchema>;

/** SPEC.md §4 'Checkout order result': Completed → success page, Redirect → hidden POST form, anything else → /. */
export const completeResultSchema = z.discriminatedUnion('orderResult', [
  z.object({ orderResult: z.literal('Completed'), orderId: z.int() }),
  redirectResultSchema.extend({ orderResult: z.literal('Redirect'), orderId: z.int() }),
]);
export type CompleteResult = z.infer<typeof completeResultSchema>;

const optionalReference = (message: string) =>
  z.string().trim().max(CHECKOUT_REFERENCE_MAX, message).nullable().optional();

/** SPEC.md §7 Checkout/Complete. paypalOrderId: the approved PayPal order to capture (PayPal only). */
export const completeBodySchema = z.object({
  stockNumber: optionalReference(STOCK_NUMBER_TOO_LONG),
  orderNumber: optionalReference(ORDER_NUMBER_TOO_LONG),
  deliveryNotes: z.string().trim().max(500).nullable().optional(),
  paymentMethod: paymentMethodSystemNameSchema,
  paypalOrderId: z.string().min(1).max(64).optional(),
  /** The customer's consent to send what is in stock now and the back-ordered rest when it arrives. */
  acceptBackOrders: z.boolean().optional(),
});
export type CompleteBody = z.infer<typeof completeBodySchema>;

/** /checkout/success/{orderId}: the order as placed. */
export const orderSummarySchema = z.object({
  orderId: z.int(),
  placedAt: z.iso.datetime({ offset: true }),
  status: orderStatusSchema,
  paymentMethod: z.string(),
  stockNumber: z.string().nullable(),
  orderNumber: z.string().nullable(),
  deliveryNotes: z.string().nullable(),
  shippingMethod: z.string(),
  address: z.object({ address1: z.string(), city: z.string(), zipPostalCode: z.string(), state: z.string() }),
  /** The presentation's rows at quantity × unit price (lineTotal), then the discount line; they add up to subTotal. */
  lines: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      quantity: z.int(),
      unitPrice: moneySchema,
      lineTotal: moneySchema,
      vehicle: z.string().nullable(),
      isAccessory: z.boolean(),
      /** The discount line: quantity 1 at minus what the discount takes off, so the lines add up to subTotal. */
      isDiscount: z.boolean(),
    }),
  ),
  orderTotals: checkoutDataSchema.shape.orderTotals,
  presentation: orderPresentationSchema,
  invoiceNumber: z.string().nullable(),
  invoiceDueAt: z.iso.datetime({ offset: true }).nullable(),
  /** The lines partly or wholly back-ordered, each with its expected date. */
  backOrders: z.array(backOrderedLineSchema),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

const checkoutRoute = { access: 'customer', customerRoles: buyersToo, tag: 'Checkout' } as const;

export const checkoutRoutes = {
  checkoutGet: defineRoute({
    ...checkoutRoute,
    method: 'GET',
    path: 'Checkout/Get',
    summary: 'The checkout data: cart, address, shipping methods, totals with GST, warehouse shippings, discount code',
    response: checkoutDataSchema,
  }),
  checkoutAdd: defineRoute({
    ...checkoutRoute,
    method: 'POST',
    path: 'Checkout/Add',
    summary: 'Adds a product from the checkout page',
    body: z.object({ productId: bodyId, quantity: z.int().min(1).max(MAX_LINE_QUANTITY) }),
    response: checkoutDataSchema,
  }),
  checkoutUpdate: defineRoute({
    ...checkoutRoute,
    method: 'POST',
    path: 'Checkout/Update',
    summary: 'Sets the quantity of a line; 0 removes it',
    body: z.object({ id: bodyId, quantity: z.int().min(0).max(MAX_LINE_QUANTITY) }),
    response: checkoutDataSchema,
  }),
  checkoutRemove: defineRoute({
    ...checkoutRoute,
    method: 'POST',
    path: 'Checkout/Remove',
    summary: 'Removes a line',
    body: z.object({ id: bodyId }),
    response: checkoutDataSchema,
  }),
  checkoutDiscount: defineRoute({
    ...checkoutRoute,
    method: 'POST',
    path: 'Checkout/Discount',
    summary: 'Applies a discount code; a refusal answers 400 with the reasons',
    body: z.object({ code: z.string().trim().min(1).max(50) }),
    response: checkoutDataSchema,
  }),
  checkoutRemoveDiscount: defineRoute({
    ...checkoutRoute,
    method: 'POST',
    path: 'Checkout/RemoveDiscount',
    aliases: ['checkout/remove-discount'],
    summary: 'Removes the discount code',
    body: z.object({ code: z.string().trim().max(50) }),
    response: checkoutDataSchema,
  }),
  checkoutShippingMethod: defineRoute({
    ...checkoutRoute,
    method: 'POST',
    path: 'Checkout/ShippingMethod',
    aliases: ['checkout/shipping-method'],
    summary: 'Chooses the shipping method',
    body: z.object({
      shippingMethod: z.string().max(100),
      shippingRateComputationMethodSystemName: shippingSystemNameSchema,
      isPickupInStore: z.boolean(),
    }),
    response: checkoutDataSchema,
  }),
  checkoutPaymentMethods: defineRoute({
    ...checkoutRoute,
    method: 'GET',
    path: 'Checkout/PaymentMethod',
    aliases: ['checkout/payment-method'],
    summary: 'The payment methods offered to the account',
    response: z.array(paymentMethodSchema),
  }),
  checkoutPaymentMethodSet: defineRoute({
    ...checkoutRoute,
    method: 'POST',
    path: 'Checkout/PaymentMethod',
    aliases: ['checkout/payment-method'],
    summary: 'Chooses the payment method',
    body: z.object({ paymentMethodSystemName: paymentMethodSystemNameSchema }),
    response: z.array(paymentMethodSchema),
  }),
  checkoutCreditLimit: defineRoute({
    ...checkoutRoute,
    method: 'GET',
    path: 'Checkout/CreditLimit',
    aliases: ['checkout/credit-limit'],
    summary: "True when the account's credit limit is reached (Trading Account refused)",
    response: z.boolean(),
  }),
  checkoutPayPalOrder: defineRoute({
    ...checkoutRoute,
    method: 'POST',
    path: 'Checkout/PayPalOrder',
    aliases: ['checkout/paypal-order'],
    summary: "Creates a PayPal order for the cart's total (the PayPal buttons' createOrder)",
    response: payPalResultSchema,
  }),
  checkoutComplete: defineRoute({
    ...checkoutRoute,
    method: 'POST',
    path: 'Checkout/Complete',
    summary:
      'Places the order, once per cart (Idempotency-Key header for retries): Completed, or Redirect to the card payment page',
    body: completeBodySchema,
    response: completeResultSchema,
  }),
  checkoutSuccess: defineRoute({
    ...checkoutRoute,
    method: 'GET',
    path: 'Checkout/Success',
    summary: "An order of the caller's account, for the success page",
    query: z.object({ id: queryId }),
    response: orderSummarySchema,
  }),
};
