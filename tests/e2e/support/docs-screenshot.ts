import type { Page } from '@playwright/test';

/**
 * Takes a page of the back office for docs/back-office/ when DOCS_SCREENSHOTS=1 asks for it
 * (`DOCS_SCREENSHOTS=1 npm run test:e2e`); an ordinary run leaves the committed pictures alone.
 */
export async function docsScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.DOCS_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: `docs/back-office/${name}.png`, fullPage: true });
}
