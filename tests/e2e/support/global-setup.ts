import { E2E_PORT } from '../../../playwright.config';
import { startFakePayPal } from '../../support/fake-paypal';
import { createIntegrationKey } from './integration-key';
import { startShop } from './shop-server';

/** One shop for the whole e2e run; specs create what they need through the UI or the API. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // PayPal is offered to every account of the run, paid against the local fake (tests/support/fake-paypal.ts).
  const paypal = await startFakePayPal({ control: true });
  const shop = await startShop(
    E2E_PORT,
    {
      // Every person of every spec signs in from this one address, more often than the 30 attempts per 15 minutes a
      // real address gets; the per-address limit itself is proven by the api suite (security-*.test.ts).
      AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
      ...paypal.env,
    },
    async (dataDir) => {
      // Specs import files through Integration/Import with this key, made by the keys CLI before the shop holds the data.
      process.env.E2E_INTEGRATION_KEY = await createIntegrationKey(dataDir);
    },
  ).catch(async (error: unknown) => {
    await paypal.close();
    throw error;
  });
  // Specs read the shop's outbox (DATA_DIR/outbox) to see the mails it sent.
  process.env.E2E_SHOP_DATA_DIR = shop.dataDir;
  // Specs steer the fake and read what it was asked through its control routes.
  process.env.E2E_PAYPAL_API_BASE = paypal.apiBase;
  return async () => {
    await shop.stop();
    await paypal.close();
  };
}
