import { z } from 'zod';
import { deliverySchema, inventorySchema, stockTypeSchema } from './catalogue-common';
import { vehicleSchema } from './catalogue-vehicles';
import { pictureSchema } from './home';
import { moneySchema, orderPresentationSchema } from './order-presentation';
import { bodyId, queryId } from './ids';
import { buyersToo } from './customer-roles';
import { defineRoute } from './route';

/** The most of one product a single line holds; a trade order of more goes through the sales team. */
export const MAX_LINE_QUANTITY = 9_999;

/** SPEC.md §4: a wheel line's accessory status. */
export const accessoryStatusSchema = z.enum([
  'None',
  'ActionRequired',
  'Complete',
  'CompleteSkipped',
  'CompleteInvalidVehicle',
]);
export type AccessoryStatus = z.infer<typeof accessoryStatusSchema>;

export const addModeSchema = z.enum(['CheckAndAdd', 'ForceAdd']);
export type AddMode = z.infer<typeof addModeSchema>;
export const compatibilitySchema = z.enum(['Complete', 'Incompatible', 'CompleteIncompatible']);
export type Compatibility = z.infer<typeof compatibilitySchema>;
export const selectionModeSchema = z.enum(['SingleSelect', 'MultiSelect']);

export const cartTyreSchema = z.object({
  brand: z.string(),
  width: z.int(),
  profile: z.int(),
  diameter: z.int(),
  loadRating: z.string(),
  speedRatingBase: z.string(),
  fullSpecificationDisplay: z.string(),
  attributes: z.array(z.string()),
});

export const cartWheelSchema = z.object({
  brand: z.string(),
  color: z.string(),
  performance: z.string(),
  size: z.int(),
  width: z.number(),
  pcds: z.array(z.string()),
  offset: z.int(),
});

export const chosenAccessorySchema = z.object({ name: z.string(), sku: z.string(), quantity: z.int() });

export const accessoryInfoSchema = z.object({
  vehicleId: z.int().nullable(),
  vehicleMake: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  vehicleSeries: z.string().nullable(),
  accessories: z.array(chosenAccessorySchema),
  /** The accessories excl. GST after their discount, formatted AUD and in cents. */
  subTotal: z.string(),
  subTotalValue: z.int(),
});
export type AccessoryInfo = z.infer<typeof accessoryInfoSchema>;

/** What the quantity pill needs to judge understock (SPEC.md §4). */
export const cartStockSchema = z.object({
  stockQuantity: z.int(),
  localStockQuantity: z.int(),
  stockType: stockTypeSchema,
  inventories: z.array(inventorySchema),
});
export type CartStock = z.infer<typeof cartStockSchema>;

/**
 * SPEC.md §3 'Cart item'. Money as formatted AUD excl. GST (unitPrice, subTotal, discount) with the cents beside
 * it (…Value). subTotalValue is the line after its discount, accessories excluded (they are in accessoryInfo, also
 * after their discount), so the items and their accessories add up to the cart's subTotal; presentation prices
 * each row before the discount and shows the discount as one line.
 */
export const cartItemSchema = z.object({
  id: z.int(),
  productId: z.int(),
  productType: z.enum(['Wheel', 'Tyre', 'Merchandise']),
  productName: z.string(),
  sku: z.string(),
  quantity: z.int(),
  unitPrice: z.string(),
  unitPriceValue: z.int(),
  subTotal: z.string(),
  subTotalValue: z.int(),
  discount: z.string().nullable(),
  discountValue: z.int(),
  promotionDiscountLabel: z.string().nullable(),
  isCashBack4Eligible: z.boolean(),
  isBuyXGetYFreeEligible: z.boolean(),
  /** How many more of this product complete the next buy-X-get-Y-free set (0 when none is open). */
  buyXGetYFreeItemRemaining: z.int(),
  picture: pictureSchema,
  tyre: cartTyreSchema.nullable(),
  wheel: cartWheelSchema.nullable(),
  accessoryStatus: accessoryStatusSchema,
  accessoryInfo: accessoryInfoSchema.nullable(),
  stock: cartStockSchema,
  /** When the line's quantity can arrive if ordered now (docs/delivery-promise.md). */
  delivery: deliverySchema,
});
export type CartItem = z.infer<typeof cartItemSchema>;

/**
 * docs/checkout.md 'Back-orders': a line the warehouses cannot send in full now, whose rest inbound stock with an
 * expected date covers: `shipsNow` go now, `backOrder` follow when the stock arrives ('expected 12 Dec').
 */
export const backOrderLineSchema = z.object({
  cartItemId: z.int(),
  sku: z.string(),
  name: z.string(),
  quantity: z.int(),
  shipsNow: z.int(),
  backOrder: z.int(),
  expectedDate: z.iso.date(),
  /** 'expected 12 Dec', the delivery promise's words. */
  expected: z.string(),
});
export type BackOrderLine = z.infer<typeof backOrderLineSchema>;

/** SPEC.md §3 'Cart state' as the server answers it; the client replaces its copy with every answer. */
/**
 * A line whose product is no longer sold (retired, docs/catalogue.md): shown so the customer sees what went and can
 * remove it, never priced, and no checkout while it is there.
 */
export const cartUnavailableItemSchema = z.object({
  id: z.int(),
  productId: z.int(),
  productName: z.string(),
  sku: z.string(),
  quantity: z.int(),
  /** 'No longer available.' */
  reason: z.string(),
});
export type CartUnavailableItem = z.infer<typeof cartUnavailableItemSchema>;

export const cartStateSchema = z.object({
  items: z.array(cartItemSchema),
  /** Lines that cannot be ordered any more; they are in no total. */
  unavailableItems: z.array(cartUnavailableItemSchema),
  /** The number of products (sum of line quantities, accessories excluded; unavailable lines included). */
  totalProducts: z.int(),
  /** Lines plus accessories, after discounts, excl. GST (= presentation.subtotal). */
  subTotal: z.string(),
  subTotalValue: z.int(),
  discountCode: z.string().nullable(),
  /** The cart as every screen shows it: priced rows, the discount line, the subtotal (no freight or GST yet). */
  presentation: orderPresentationSchema,
  /** The lines the warehouses cannot send in full now, split as the checkout splits them (docs/checkout.md). */
  backOrders: z.array(backOrderLineSchema),
});
export type CartState = z.infer<typeof cartStateSchema>;

export const accessoryOptionSchema = z.object({
  id: z.int(),
  name: z.string(),
  sku: z.string(),
  /** In words: pack size, finish, thread, seat… and what the quantity supplies, so options sharing a name differ. */
  description: z.string(),
  quantity: z.int(),
  subTotal: z.string(),
  subTotalValue: z.int(),
  /** The quantity at RRP, for a screen whose counter switch shows RRP; null when the account hides prices. */
  rrpSubTotal: moneySchema.nullable(),
  selected: z.boolean(),
});
export type AccessoryOption = z.infer<typeof accessoryOptionSchema>;

/** SPEC.md §3 'Accessory group'. */
export const accessoryGroupSchema = z.object({
  groupId: z.string(),
  name: z.string(),
  type: selectionModeSchema,
  canOptOut: z.boolean(),
  optOutLabel: z.string().nullable(),
  accessories: z.array(accessoryOptionSchema),
  /**
   * Set when the group is required (it cannot be declined) but nothing that fits is in stock: why the wheel's
   * accessories cannot be completed, shown in the wizard; the line stays ActionRequired.
   */
  unavailableReason: z.string().nullable(),
});
export type AccessoryGroup = z.infer<typeof accessoryGroupSchema>;

export const cartAccessoriesSchema = z.object({ id: z.int(), groups: z.array(accessoryGroupSchema) });
export type CartAccessories = z.infer<typeof cartAccessoriesSchema>;

export const cartVehicleSchema = z.object({
  id: z.int(),
  vehicle: vehicleSchema.nullable(),
  accessoryStatus: accessoryStatusSchema,
});
export type CartVehicle = z.infer<typeof cartVehicleSchema>;

export const vehicleCheckResultSchema = z.object({ result: compatibilitySchema, cart: cartStateSchema });
export type VehicleCheckResult = z.infer<typeof vehicleCheckResultSchema>;

export const cartRoutes = {
  cartGet: defineRoute({
    method: 'GET',
    path: 'Cart/Get',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Cart',
    summary: "The signed-in user's cart (each user of an account has their own)",
    response: cartStateSchema,
  }),
  cartCount: defineRoute({
    method: 'GET',
    path: 'Cart/Count',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Cart',
    summary: 'The number of products in the cart (the header icon)',
    response: z.object({ count: z.int() }),
  }),
  cartAdd: defineRoute({
    method: 'POST',
    path: 'Cart/Add',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Cart',
    summary: 'Adds a product; a wheel added with a fitting vehicle keeps it for the accessories step',
    body: z.object({
      productId: bodyId,
      quantity: z.int().min(1).max(MAX_LINE_QUANTITY),
      vehicleId: bodyId.nullable().optional(),
    }),
    response: cartStateSchema,
  }),
  cartUpdate: defineRoute({
    method: 'POST',
    path: 'Cart/Update',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Cart',
    summary: 'Sets the quantity of a line; 0 removes it',
    body: z.object({ id: bodyId, quantity: z.int().min(0).max(MAX_LINE_QUANTITY) }),
    response: cartStateSchema,
  }),
  cartRemove: defineRoute({
    method: 'POST',
    path: 'Cart/Remove',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Cart',
    summary: 'Removes a line',
    body: z.object({ id: bodyId }),
    response: cartStateSchema,
  }),
  cartClear: defineRoute({
    method: 'POST',
    path: 'Cart/Clear',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Cart',
    summary: 'Removes every line and the discount code',
    response: cartStateSchema,
  }),
  cartDiscount: defineRoute({
    method: 'POST',
    path: 'Cart/Discount',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Cart',
    summary: 'Applies a discount code (case-insensitive); an empty code removes it',
    body: z.object({ code: z.string().trim().max(50) }),
    response: cartStateSchema,
  }),
  cartVehicleGet: defineRoute({
    method: 'GET',
    path: 'Cart/Vehicle',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Cart',
    summary: 'The vehicle of a wheel line',
    query: z.object({ id: queryId }),
    response: cartVehicleSchema,
  }),
  cartVehicleSet: defineRoute({
    method: 'POST',
    path: 'Cart/Vehicle',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Cart',
    summary:
      'CheckAndAdd: saves the vehicle when the wheel fits (Complete), else Incompatible. ForceAdd saves it anyway (CompleteIncompatible)',
    body: z.object({ id: bodyId, vehicleId: bodyId, action: addModeSchema }),
    response: vehicleCheckResultSchema,
  }),
  cartAccessoriesGet: defineRoute({
    method: 'GET',
    path: 'Cart/Accessories',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Cart',
    summary:
      "The accessory groups for a wheel line's vehicle, in-stock accessories only, quantities for the wheel count",
    query: z.object({ id: queryId }),
    response: cartAccessoriesSchema,
  }),
  cartAccessoriesSet: defineRoute({
    method: 'POST',
    path: 'Cart/Accessories',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Cart',
    summary: 'Saves the chosen accessories of a wheel line (Complete)',
    body: z.object({ id: bodyId, productIds: z.array(bodyId).max(20) }),
    response: cartStateSchema,
  }),
  cartAccessoriesSkip: defineRoute({
    method: 'POST',
    path: 'Cart/AccessoriesSkip',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Cart',
    summary: "'No Accessories Required': CompleteSkipped. optional: only if the line still needs action",
    body: z.object({ id: bodyId, optional: z.boolean() }),
    response: cartStateSchema,
  }),
};
