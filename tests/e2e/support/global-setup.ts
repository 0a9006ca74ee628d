import { E2E_PORT } from '../../../playwright.config';
import { startShop } from './shop-server';

/** One shop for the whole e2e run; specs create what they need through the UI or the API. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const shop = await startShop(E2E_PORT);
  // Specs read the shop's outbox (DATA_DIR/outbox) to see the mails it sent.
  process.env.E2E_SHOP_DATA_DIR = shop.dataDir;
  return () => shop.stop();
}
