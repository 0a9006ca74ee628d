import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addTyres, emptyCart, openCheckout, signIn, snapshot } from './support/checkout-steps';

/**
 * Status back from the ERP: the dealer places an order, the wholesaler's system posts Shipped with its consignment and
 * tracking link, and the dealer sees Shipped on the order's page with the link, and in the order list.
 */
test('the dealer sees an order the ERP shipped, with its tracking link', async ({ page, request }, testInfo) => {
  await signIn(page, 'dealer@demo.test');
  await emptyCart(page);
  await addTyres(page, 1);
  await openCheckout(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
  const orderNumber = /\/checkout\/success\/(\d+)$/.exec(page.url())?.[1] as string;

  const consignment = `ST${Date.now() % 1_000_000}`;
  const trackingUrl = `https://track.example.test/${consignment}`;
  const posted = await request.post('/yhi/api/Integration/Orders/Status', {
    headers: {
      authorization: `Bearer ${process.env.E2E_INTEGRATION_KEY ?? ''}`,
      'idempotency-key': randomUUID(),
    },
    data: { orderNumber, status: 'Shipped', carrier: 'StarTrack', consignment, trackingUrl },
  });
  expect(posted.status(), await posted.text()).toBe(200);

  await page.goto(`/my-account/orders/${orderNumber}`);
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track your delivery' })).toHaveAttribute('href', trackingUrl);
  const timeline = page.getByRole('list', { name: 'Order timeline' });
  await expect(timeline).toContainText('Shipped');
  await expect(timeline).toContainText(`StarTrack · ${consignment}`);
  await expect(timeline.getByRole('link', { name: `Track ${consignment}` })).toHaveAttribute('href', trackingUrl);
  await snapshot(page, testInfo, 'order-shipped');

  await page.goto('/my-account/orders');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Order ${orderNumber}` }) });
  await expect(row).toContainText('Shipped');
});
