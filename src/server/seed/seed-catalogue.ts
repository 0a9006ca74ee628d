import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  discountTiers,
  merchandiseCategories,
  productPromotions,
  products,
  promotions,
  vehicleMakes,
  warehouses,
} from '../db/schema';
import { daysAfter } from '../dates';
import { DEMO_TIERS } from './demo-catalogue-rows';
import { MERCHANDISE_CATEGORIES } from './seed-catalogue-reference';

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The merchandise menu, every category and subcategory in the reference's order: the accessories import creates
 * only the subcategories its rows name, in the order it meets them, and a small catalogue leaves some empty.
 */
export async function seedMerchandiseCategories(tx: Database): Promise<void> {
  for (const [categoryOrder, category] of MERCHANDISE_CATEGORIES.entries()) {
    const [parent] = await tx
      .insert(merchandiseCategories)
      .values({ name: category.name, slug: slugify(category.name), sortOrder: categoryOrder })
      .returning({ id: merchandiseCategories.id });
    if (!parent) throw new Error('category not created');
    await tx.insert(merchandiseCategories).values(
      category.subcategories.map((sub, order) => ({
        name: sub.name,
        slug: slugify(sub.name),
        parentId: parent.id,
        sortOrder: order,
      })),
    );
  }
}

/** The tiers in order: brand-tiers rows create only the tiers that give a discount, and Standard gives none. */
export async function seedDiscountTiers(tx: Database): Promise<void> {
  await tx.insert(discountTiers).values(DEMO_TIERS.map((name) => ({ name })));
}

/** The demo promotions (no import entity has them), each linked to its products by SKU. */
export async function seedPromotions(
  tx: Database,
  now: Date,
  skusByPromotion: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  const days = (count: number) => daysAfter(now, count);
  const rows = await tx
    .insert(promotions)
    .values([
      {
        kind: 'CashBack4',
        label: '$100 cashback on a set of 4',
        cashbackCents: 10_000,
        startsAt: days(-10),
        endsAt: days(50),
      },
      {
        kind: 'CashBack4',
        label: '$60 cashback on a set of 4',
        cashbackCents: 6_000,
        startsAt: days(-10),
        endsAt: days(50),
      },
      {
        kind: 'BuyXGetYFree',
        label: 'Buy 3 get 1 free',
        buyQuantity: 3,
        freeQuantity: 1,
        startsAt: days(-5),
        endsAt: days(30),
      },
      {
        kind: 'BuyXGetYFree',
        label: 'Buy 10 get 2 free',
        buyQuantity: 10,
        freeQuantity: 2,
        startsAt: null,
        endsAt: null,
      },
    ])
    .returning({ id: promotions.id, label: promotions.label });
  for (const { id, label } of rows) {
    const skus = skusByPromotion.get(label) ?? [];
    if (skus.length === 0) continue;
    await tx.insert(productPromotions).select(
      tx
        .select({ productId: products.id, promotionId: sql<number>`${id}`.as('promotion_id') })
        .from(products)
        .where(inArray(products.sku, [...skus])),
    );
  }
}

/** Removes the catalogue (products cascade to their details, stock, own prices and promotion links). */
export async function clearCatalogue(tx: Database): Promise<void> {
  await tx.delete(products);
  await tx.delete(merchandiseCategories);
  await tx.delete(promotions);
  await tx.delete(discountTiers);
  await tx.delete(vehicleMakes);
  await tx.delete(warehouses);
}
