import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { pdfText } from '../support/pdf-text';
import {
  cartButton,
  emptyCart,
  firstCardWithStock,
  openCheckout,
  orderDetails,
  signIn,
  snapshot,
} from './support/checkout-steps';

/** The dealer's account (demo data, src/server/seed). */
const DEALER_ACCOUNT = 'C10001';

/** Imports a customer-prices file through Integration/Import with the run's key and waits for the job to end. */
async function importCustomerPrices(request: APIRequestContext, csv: string) {
  const headers = { authorization: `Bearer ${process.env.E2E_INTEGRATION_KEY ?? ''}` };
  const queued = await request.post('/yhi/api/Integration/Import?entity=customer-prices&mode=row-wise', {
    headers: { ...headers, 'content-type': 'text/csv' },
    data: csv,
  });
  expect(queued.status(), await queued.text()).toBe(202);
  const { id } = (await queued.json()) as { id: number };
  await expect
    .poll(async () => {
      const job = (await (await request.get(`/yhi/api/Integration/Import?id=${id}`, { headers })).json()) as {
        state: string;
        counts: { failed: number };
      };
      return `${job.state} ${job.counts.failed}`;
    })
    .toBe('done 0');
}

test('after a customer-prices import the dealer sees its own price on /tyres, in the cart and on the invoice PDF', async ({
  page,
  request,
}, testInfo) => {
  await signIn(page, 'dealer@demo.test');
  await emptyCart(page);
  await page.goto('/tyres?size=265%2F65R17');
  const found = await firstCardWithStock(page, 4);
  const name = (await found.getAttribute('aria-label')) ?? '';
  const sku = ((await found.locator('.font-mono').first().textContent()) ?? '').trim();
  expect(sku).not.toBe('');

  await importCustomerPrices(
    request,
    `account,sku,price,min_quantity\n${DEALER_ACCOUNT},${sku},123.45,\n${DEALER_ACCOUNT},${sku},111.11,4\n`,
  );
  try {
    // Every instance prices the account afresh within seconds of the import.
    const card = page.getByRole('region', { name: 'Results' }).getByRole('article', { name });
    await expect(async () => {
      await page.reload();
      await expect(card.getByTestId('product-price')).toContainText('$123.45', { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(card.getByTestId('price-breaks')).toHaveText('4+ $111.11');
    await snapshot(page, testInfo, 'tyres-own-price');

    // Four on the line reach the break.
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    const pill = card.getByRole('spinbutton', { name: `Quantity of ${name}` });
    await expect(pill).toHaveValue('1');
    await pill.fill('4');
    await expect(cartButton(page, 4)).toBeVisible();
    await cartButton(page, 4).click();
    const line = page.getByRole('dialog', { name: 'Cart' }).getByRole('listitem', { name });
    await expect(line).toContainText('$111.11');
    await expect(line).toContainText('$444.44');
    await page.keyboard.press('Escape');

    await openCheckout(page);
    await expect(page.getByRole('radio', { name: 'Trading Account' })).toBeChecked();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
    const invoiceNumber = /Invoice number(INV\d{8})/.exec((await orderDetails(page).textContent()) ?? '')?.[1] ?? '';
    expect(invoiceNumber).toMatch(/^INV\d{8}$/);

    await page.goto('/my-account/invoices');
    await page
      .getByRole('table', { name: /Invoices, page 1 of/ })
      .getByRole('button', { name: invoiceNumber })
      .click();
    const dialog = page.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    const text = pdfText(await readFile((await (await downloading).path()) ?? ''));
    expect(text).toContain(sku);
    expect(text).toContain('$111.11');
    expect(text).toContain('$444.44');
  } finally {
    // An empty price removes the price, so the specs after this one see the dealer's tier prices again.
    await importCustomerPrices(
      request,
      `account,sku,price,min_quantity\n${DEALER_ACCOUNT},${sku},,\n${DEALER_ACCOUNT},${sku},,4\n`,
    );
  }
});
