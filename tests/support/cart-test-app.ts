import { createCartFixture } from './cart-fixtures';
import { type TestApp, createTestApp } from './test-app';

export type CartFixture = Awaited<ReturnType<typeof createCartFixture>>;

/**
 * A test app whose database holds the cart fixture (catalogue, accessories, the Ranger, promotions, discount codes)
 * and whose catalogue read model has loaded it: where the cart, checkout and counter switch tests start.
 */
export async function createCartTestApp(options: {
  now: Date;
  env?: Record<string, string>;
}): Promise<{ t: TestApp; fixture: CartFixture }> {
  const t = await createTestApp(options);
  const fixture = await createCartFixture(t.database.db, options.now);
  await t.app.catalogue.reload();
  return { t, fixture };
}
